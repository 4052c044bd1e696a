import type { Kysely, Selectable } from "kysely";
import type { PublicConsentSettings } from "@floow/domain/conversion";
import type { Domain } from "@floow/domain/domain";
import type { DB } from "../database";
import type { DomainTable } from "../tables/domain";

/** The spec's domain (explicit fields; timestamps stay inside). */
const columns = [
  "id",
  "organization_id",
  "name",
  "description",
  "image",
  "host",
  "blob_url",
  "colors",
  "fonts",
] as const;
type DomainRow = Pick<Selectable<DomainTable>, (typeof columns)[number]>;

function toDomain(row: DomainRow): Domain {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    description: row.description,
    image: row.image,
    host: row.host,
    blobUrl: row.blob_url,
    colors: row.colors,
    fonts: row.fonts,
  };
}

/** The organization's domains, oldest first. */
export async function listDomains(db: Kysely<DB>, organizationId: string): Promise<Domain[]> {
  const rows = await db
    .selectFrom("domain")
    .select(columns)
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toDomain);
}

export async function findDomain(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<Domain | null> {
  const row = await db
    .selectFrom("domain")
    .select(columns)
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toDomain(row) : null;
}

/** Inserts a domain under its client-generated id; null when that id is taken. */
export async function insertDomain(
  db: Kysely<DB>,
  organizationId: string,
  domain: Omit<Domain, "organizationId">,
): Promise<Domain | null> {
  const row = await db
    .insertInto("domain")
    .values({
      id: domain.id,
      organization_id: organizationId,
      name: domain.name,
      description: domain.description,
      image: domain.image,
      host: domain.host,
      blob_url: domain.blobUrl,
      colors: JSON.stringify(domain.colors),
      fonts: JSON.stringify(domain.fonts),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning(columns)
    .executeTakeFirst();
  return row ? toDomain(row) : null;
}

/** Saves the whole domain; null when the organization has no domain with that id. */
export async function updateDomain(
  db: Kysely<DB>,
  organizationId: string,
  domain: Omit<Domain, "organizationId">,
): Promise<Domain | null> {
  const row = await db
    .updateTable("domain")
    .set({
      name: domain.name,
      description: domain.description,
      image: domain.image,
      host: domain.host,
      blob_url: domain.blobUrl,
      colors: JSON.stringify(domain.colors),
      fonts: JSON.stringify(domain.fonts),
      updated_at: new Date(),
    })
    .where("organization_id", "=", organizationId)
    .where("id", "=", domain.id)
    .returning(columns)
    .executeTakeFirst();
  return row ? toDomain(row) : null;
}

/** Deletes a domain (and, through the foreign key, its floows); false when not found. */
export async function deleteDomain(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("domain")
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The public runtime API's view of a domain, by id alone (the runtime knows no organization):
 * only its id, colours and fonts, plus the organization for the caller's own use.
 */
/** What the public floows answers need of a domain: brand, consent and runtime integrations. */
export type RuntimeDomain = Pick<Domain, "id" | "host" | "colors" | "fonts"> & {
  consent: PublicConsentSettings;
  /** The GA4 `purchase` pick-up (services/integrations/ga4). */
  datalayer_purchases: boolean;
};

export async function findRuntimeDomain(
  db: Kysely<DB>,
  id: string,
): Promise<{
  organizationId: string;
  domain: RuntimeDomain;
} | null> {
  const row = await db
    .selectFrom("domain")
    .select([
      "id",
      "organization_id",
      "host",
      "colors",
      "fonts",
      "consent_source",
      "consent_default",
      "datalayer_purchases",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return row
    ? {
        organizationId: row.organization_id,
        domain: {
          id: row.id,
          host: row.host,
          colors: row.colors,
          fonts: row.fonts,
          consent: { source: row.consent_source, default: row.consent_default },
          datalayer_purchases: row.datalayer_purchases,
        },
      }
    : null;
}
