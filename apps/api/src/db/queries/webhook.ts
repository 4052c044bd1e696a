import type { Kysely } from "kysely";
import type { Integration, Webhook } from "@floow/domain";
import type { DB } from "../database";

/**
 * The organization's webhooks, oldest first, as the `user` bundle shows them: without their
 * signing secret, which every member's browser would otherwise hold (the webhook screens
 * reveal it to admins on their own).
 */
export async function listWebhooks(db: Kysely<DB>, organizationId: string): Promise<Webhook[]> {
  const rows = await db
    .selectFrom("webhook")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organization_id,
    domainId: row.domain_id,
    floowId: row.floow_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    name: row.name,
    url: row.url,
    secret: "",
    headers: row.headers,
    method: row.method,
    status: row.status,
    events: row.events,
  }));
}

/**
 * The organization's integrations, oldest first, without their settings (API keys and the
 * like stay on the server; the integration screens read them for admins).
 */
export async function listIntegrations(db: Kysely<DB>, organizationId: string): Promise<Integration[]> {
  const rows = await db
    .selectFrom("integration")
    .select(["id", "domain_id", "integration_configuration_id"])
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    domainId: row.domain_id,
    integrationConfigurationId: row.integration_configuration_id,
    settings: {},
  }));
}
