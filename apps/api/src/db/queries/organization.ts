import type { Organization } from "@floow/domain/organization";
import type { Kysely, Selectable } from "kysely";
import type { DB } from "../database";
import type { OrganizationTable } from "../tables/auth";

/** The spec's organization: `{ id, name, display_name, email, branding: { logo_url }, sector }`. */
export type OrganizationView = Organization;

type OrganizationRow = Pick<
  Selectable<OrganizationTable>,
  "id" | "name" | "display_name" | "email" | "logo" | "sector" | "attribution_window_days"
>;

const columns = [
  "id",
  "name",
  "display_name",
  "email",
  "logo",
  "sector",
  "attribution_window_days",
] as const;

function toView(row: OrganizationRow): OrganizationView {
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name ?? "",
    email: row.email ?? "",
    branding: { logo_url: row.logo },
    sector: row.sector,
    attribution_window_days: row.attribution_window_days,
  };
}

export async function findOrganization(
  db: Kysely<DB>,
  organizationId: string,
): Promise<OrganizationView | null> {
  const row = await db
    .selectFrom("organization")
    .select(columns)
    .where("id", "=", organizationId)
    .executeTakeFirst();
  return row ? toView(row) : null;
}

export interface OrganizationProfile {
  name: string;
  displayName: string;
  email: string;
  logoUrl: string | null;
  sector: number | null;
  /** Left as it is when not given. */
  attributionWindowDays?: number;
}

/** Saves the organization settings form (every field; "" clears a text). */
export async function updateOrganization(
  db: Kysely<DB>,
  organizationId: string,
  profile: OrganizationProfile,
): Promise<OrganizationView | null> {
  const row = await db
    .updateTable("organization")
    .set({
      name: profile.name,
      display_name: profile.displayName || null,
      email: profile.email || null,
      logo: profile.logoUrl || null,
      sector: profile.sector,
      ...(profile.attributionWindowDays === undefined
        ? {}
        : { attribution_window_days: profile.attributionWindowDays }),
    })
    .where("id", "=", organizationId)
    .returning(columns)
    .executeTakeFirst();
  return row ? toView(row) : null;
}

export async function isSlugTaken(db: Kysely<DB>, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom("organization")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row !== undefined;
}
