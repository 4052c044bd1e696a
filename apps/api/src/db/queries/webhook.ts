import type { Kysely, Selectable } from "kysely";
import type { Webhook, WebhookDetails, WebhookInput } from "@floow/domain/webhook";
import type { DB } from "../database";
import type { WebhookTable } from "../tables/webhook";

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
  return rows.map(toWebhook);
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A webhook as the `user` bundle shows it: never its secret. */
function toWebhook(row: Selectable<WebhookTable>): Webhook {
  return {
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
  };
}

/** A webhook for its screens, with why Floow disabled it: never its secret. */
function toWebhookDetails(row: Selectable<WebhookTable>): WebhookDetails {
  return {
    ...toWebhook(row),
    disabledReason: row.disabled_reason,
    disabledAt: iso(row.disabled_at),
  };
}

/** The organization's webhooks with why Floow disabled them, oldest first. */
export async function listWebhookDetails(
  db: Kysely<DB>,
  organizationId: string,
): Promise<WebhookDetails[]> {
  const rows = await db
    .selectFrom("webhook")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toWebhookDetails);
}

/** Whether the domain, and the floow when given, are the organization's (and the floow the domain's). */
async function targetExists(
  db: Kysely<DB>,
  organizationId: string,
  domainId: string,
  floowId: string | null,
): Promise<boolean> {
  const domain = await db
    .selectFrom("domain")
    .select("id")
    .where("id", "=", domainId)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!domain) return false;
  if (floowId === null) return true;
  const floow = await db
    .selectFrom("floow")
    .select("id")
    .where("id", "=", floowId)
    .where("organization_id", "=", organizationId)
    .where("domain_id", "=", domainId)
    .executeTakeFirst();
  return Boolean(floow);
}

/**
 * Saves a new webhook with its signing secret; null when the id is taken or the domain or
 * floow is not the organization's.
 */
export async function insertWebhook(
  db: Kysely<DB>,
  organizationId: string,
  input: WebhookInput,
  secret: string,
): Promise<WebhookDetails | null> {
  if (!(await targetExists(db, organizationId, input.domainId, input.floowId))) return null;
  const row = await db
    .insertInto("webhook")
    .values({
      id: input.id,
      organization_id: organizationId,
      domain_id: input.domainId,
      floow_id: input.floowId,
      name: input.name,
      url: input.url,
      secret,
      headers: JSON.stringify(input.headers),
      method: input.method,
      status: input.status,
      events: JSON.stringify(input.events),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toWebhookDetails(row) : null;
}

/**
 * Saves an existing webhook of the organization (not its secret); null when not found. Set
 * active again by an admin, it starts afresh: Floow's reason for disabling it is cleared.
 */
export async function updateWebhook(
  db: Kysely<DB>,
  organizationId: string,
  input: WebhookInput,
): Promise<WebhookDetails | null> {
  if (!(await targetExists(db, organizationId, input.domainId, input.floowId))) return null;
  const row = await db
    .updateTable("webhook")
    .set((eb) => ({
      domain_id: input.domainId,
      floow_id: input.floowId,
      name: input.name,
      url: input.url,
      headers: JSON.stringify(input.headers),
      method: input.method,
      status: input.status,
      events: JSON.stringify(input.events),
      updated_at: new Date(),
      ...(input.status === "active"
        ? {
            disabled_reason: null,
            disabled_at: null,
            failing_since: eb
              .case()
              .when("status", "=", "active")
              .then(eb.ref("failing_since"))
              .else(null)
              .end(),
          }
        : {}),
    }))
    .where("id", "=", input.id)
    .where("organization_id", "=", organizationId)
    .returningAll()
    .executeTakeFirst();
  return row ? toWebhookDetails(row) : null;
}

export async function deleteWebhook(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("webhook")
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Replaces a webhook's signing secret; false when not the organization's. */
export async function setWebhookSecret(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  secret: string,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook")
    .set({ secret, updated_at: new Date() })
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A webhook of the organization, with its secret (for the delivery service and test sends). */
export async function findWebhook(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<Selectable<WebhookTable> | null> {
  const row = await db
    .selectFrom("webhook")
    .selectAll()
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return row ?? null;
}
