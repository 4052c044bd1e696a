/**
 * A selling floow on a generated feed, written into a bench's database the way an import
 * stores it (`product` rows in feed order): the load and results benchmarks' data. The
 * database is opened here and closed again, so a production server can open it next (PGlite:
 * one process per data folder).
 */
import type { DbHandle } from "../../src/db/client";
import { analyzeProducts } from "../../src/db/queries/product";
import { seedDomain, seedFeed, seedFloow, seedOrganization } from "../../test/floows";
import { makeFloow, makeProducts } from "./catalog";

export interface SellingData {
  orgId: string;
  domainId: string;
  feedId: string;
  floowId: string;
  /** Each step's choice ids, in order. */
  steps: string[][];
  /** Five selections (one choice per question), as `makeFloow` rotates them. */
  selections: string[][];
}

export async function seedSellingFloow(
  open: () => Promise<DbHandle>,
  productCount: number,
  options: {
    /** An organization that exists (one a member signed up for); default: a new one. */
    organizationId?: string;
    /** Changes the generated products before they are stored. */
    mapProducts?: (products: ReturnType<typeof makeProducts>) => ReturnType<typeof makeProducts>;
  } = {},
): Promise<SellingData> {
  const database = await open();
  try {
    const orgId = options.organizationId ?? (await seedOrganization(database.db, "Bench"));
    const domainId = (await seedDomain(database.db, orgId)).id;
    const feedId = await seedFeed(database.db, orgId);
    const generated = makeProducts(productCount);
    const products = options.mapProducts ? options.mapProducts(generated) : generated;
    for (let i = 0; i < products.length; i += 1000) {
      await database.db
        .insertInto("product")
        .values(
          products.slice(i, i + 1000).map((product, offset) => {
            const { id, title, price, link, image_link, description, ...attributes } = product;
            return {
              feed_id: feedId,
              organization_id: orgId,
              external_id: String(id),
              position: i + offset,
              name: String(title),
              price: Number.parseFloat(String(price)),
              url: String(link),
              image: String(image_link),
              description: String(description),
              attributes: JSON.stringify(
                Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, String(v)])),
              ),
            };
          }),
        )
        .execute();
    }
    // As an import leaves them (services/feeds/refresh.ts): with the planner's statistics.
    await analyzeProducts(database.db);
    const { floow, selections } = makeFloow();
    const live = await seedFloow(database.db, orgId, domainId, "selling", {
      status: "live",
      feedId,
      ...floow,
    });
    return {
      orgId,
      domainId,
      feedId,
      floowId: live.id,
      steps: floow.steps.map((step) => step.choices.map((choice) => choice.id)),
      selections,
    };
  } finally {
    await database.close();
  }
}
