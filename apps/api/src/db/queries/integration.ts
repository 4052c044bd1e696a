import type { Kysely, Selectable } from "kysely";
import type { Integration, IntegrationDetails } from "@floow/domain/integration";
import type { DB } from "../database";
import type { IntegrationTable } from "../tables/webhook";

/**
 * The organization's integrations, oldest first, without their settings (API keys and the
 * like stay on the server; the integration screens read them for admins).
 */
export async function listIntegrations(
  db: Kysely<DB>,
  organizationId: string,
): Promise<Integration[]> {
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

function toIntegrationDetails(row: Selectable<IntegrationTable>): IntegrationDetails {
  return {
    id: row.id,
    domainId: row.domain_id,
    integrationConfigurationId: row.integration_configuration_id,
    keyHint: row.key_hint,
    settings: row.settings,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The organization's integrations for the integrations screens: no secrets, only their hints. */
export async function listIntegrationDetails(
  db: Kysely<DB>,
  organizationId: string,
): Promise<IntegrationDetails[]> {
  const rows = await db
    .selectFrom("integration")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toIntegrationDetails);
}

/**
 * Links an integration to a domain of the organization, or saves the domain's existing one
 * (one per catalogue entry and domain) with its settings. `key` null keeps the stored secret;
 * a new integration without one is refused ("missing-key"). Null: the domain is not the
 * organization's.
 */
export async function upsertIntegration(
  db: Kysely<DB>,
  organizationId: string,
  input: {
    id: string;
    domainId: string;
    integrationConfigurationId: string;
    settings?: Record<string, string>;
    key: { encrypted: string; hint: string } | null;
  },
): Promise<IntegrationDetails | "missing-key" | null> {
  const domain = await db
    .selectFrom("domain")
    .select("id")
    .where("id", "=", input.domainId)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!domain) return null;
  const settings = JSON.stringify(input.settings ?? {});
  if (input.key === null) {
    const row = await db
      .updateTable("integration")
      .set({ settings, updated_at: new Date() })
      .where("organization_id", "=", organizationId)
      .where("domain_id", "=", input.domainId)
      .where("integration_configuration_id", "=", input.integrationConfigurationId)
      .returningAll()
      .executeTakeFirst();
    return row ? toIntegrationDetails(row) : "missing-key";
  }
  const key = input.key;
  const row = await db
    .insertInto("integration")
    .values({
      id: input.id,
      organization_id: organizationId,
      domain_id: input.domainId,
      integration_configuration_id: input.integrationConfigurationId,
      settings,
      encrypted_key: key.encrypted,
      key_hint: key.hint,
    })
    .onConflict((oc) =>
      oc.columns(["domain_id", "integration_configuration_id"]).doUpdateSet({
        settings,
        encrypted_key: key.encrypted,
        key_hint: key.hint,
        updated_at: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toIntegrationDetails(row);
}

export async function deleteIntegration(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("integration")
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * An integration by its id alone, with its sealed secret: for a receiver, whose caller (a
 * shop) has no session; the id in the URL finds the row, the signature proves the caller.
 */
export async function findIntegrationForReceiver(
  db: Kysely<DB>,
  id: string,
): Promise<Selectable<IntegrationTable> | null> {
  const row = await db
    .selectFrom("integration")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}
