import { randomUUID } from "node:crypto";
import { createDomain } from "@floow/domain/domain";
import { createFloow } from "@floow/domain/floow";
import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import type { Domain } from "@floow/domain/domain";
import type { Floow, FloowType, VersionedFloow } from "@floow/domain/floow";
import type { Kysely } from "kysely";
import type { DB } from "../src/db/database";
import { insertDomain } from "../src/db/queries/domain";
import { insertFloow } from "../src/db/queries/floow";

/** An organization row without users, for tests that need no sign-in (public API, services). */
export async function seedOrganization(db: Kysely<DB>, name = "Seeded"): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("organization")
    .values({
      id,
      name,
      slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${id.slice(0, 8)}`,
      created_at: new Date(),
    })
    .execute();
  return id;
}

export async function seedDomain(
  db: Kysely<DB>,
  organizationId: string,
  overrides: Partial<Domain> = {},
): Promise<Domain> {
  const domain = await insertDomain(
    db,
    organizationId,
    createDomain({ name: "Shop", host: "www.shop.example", ...overrides }),
  );
  if (!domain) throw new Error("domain id taken");
  return domain;
}

/** A floow of the organization in a domain (development unless `status` is given). */
export async function seedFloow(
  db: Kysely<DB>,
  organizationId: string,
  domainId: string,
  type: FloowType = "selling",
  overrides: Partial<Omit<Floow, "type">> = {},
): Promise<VersionedFloow> {
  const floow = await insertFloow(
    db,
    organizationId,
    createFloow(type, { organizationId, domainId, name: "Seeded floow", ...overrides }),
  );
  if (!floow) throw new Error("floow id taken");
  return floow;
}

export interface SeedProduct {
  id: string;
  name?: string;
  price?: number | null;
  url?: string;
  image?: string;
  description?: string;
  attributes?: Record<string, string | string[]>;
}

/** A feed of the organization with these products, in this order; returns its id. */
export async function seedFeed(
  db: Kysely<DB>,
  organizationId: string,
  products: readonly SeedProduct[] = [],
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("feed")
    .values({
      id,
      organization_id: organizationId,
      domain_id: null,
      url: "https://feeds.example/products.xml",
      type: "channable",
      variables: JSON.stringify(DEFAULT_FEED_VARIABLES),
      image: null,
      refresh_interval_minutes: null,
      last_refresh_error: null,
    })
    .execute();
  if (products.length > 0) {
    await db
      .insertInto("product")
      .values(
        products.map((product, position) => ({
          feed_id: id,
          organization_id: organizationId,
          external_id: product.id,
          position,
          name: product.name ?? "",
          price: product.price ?? null,
          url: product.url ?? "",
          image: product.image ?? "",
          description: product.description ?? "",
          attributes: JSON.stringify(product.attributes ?? {}),
        })),
      )
      .execute();
  }
  return id;
}
