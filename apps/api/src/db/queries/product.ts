import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import type { Product } from "@floow/domain/feed";
import { sql } from "kysely";
import type { Kysely, OrderByItemBuilder } from "kysely";
import type { DB } from "../database";
import { rawDatabase } from "../raw";
import { withBulkQueryTimeout } from "../unavailable";
import type { ProductAttributes } from "../tables/product";

/**
 * The products of one of an organization's feeds as records for the results, in feed order:
 * the feed's own attributes, with the mapped fields (id, name, price, url, image, description)
 * under the default variable names (id, title, price, link, image_link, description), so
 * filters on either work.
 */
export async function listFeedProductRecords(
  db: Kysely<DB>,
  organizationId: string,
  feedId: string,
): Promise<Product[]> {
  const V = DEFAULT_FEED_VARIABLES;
  const rows = await readProductRows(db, organizationId, feedId);
  // The records are made in slices, the event loop's other work between them: a copy of
  // 100,000 rows at once held the process for over half a second (no request answered).
  // Each row's `attributes` object (parsed for this read alone) becomes its record, rather
  // than a copy of it: the same record, a fifth of the time.
  const products = new Array<Product>(rows.length);
  for (let start = 0; start < rows.length; start += RECORD_SLICE) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(rows.length, start + RECORD_SLICE);
    for (let i = start; i < end; i++) {
      const row = rows[i]!;
      const product = row.attributes as Product;
      product[V.id] = row.external_id;
      product[V.name] = row.name;
      product[V.price] = row.price === null ? null : Number(row.price);
      product[V.url] = row.url;
      product[V.image] = row.image;
      product[V.description] = row.description;
      products[i] = product;
    }
  }
  return products;
}

/** Rows made into records between two turns of the event loop. */
const RECORD_SLICE = 5_000;

/**
 * Positions per statement when PGlite reads a feed. PGlite runs its statements in this thread,
 * so one read of a whole feed held the event loop until it was done: about 3 s for 100,000
 * products, with no request answered meanwhile (the insights bench's /healthz).
 */
const PGLITE_READ_POSITIONS = 2_000;

/**
 * A feed's product rows in feed order. On the PostgreSQL server one statement (its answer
 * arrives in packets, parsed between other work, and it reads one snapshot). On PGlite pages
 * of PGLITE_READ_POSITIONS positions, the event loop running between them; an import that swaps
 * the feed's products in meanwhile can give a read that has some of each, and that read is
 * not kept: the import's `invalidateFeedCaches` drops what was loaded while it ran
 * (services/cache/ttl-cache.ts), and the dead-end check of a refreshed feed runs again.
 *
 * A page is a range of positions (`>= from and < from + n`), not "the next n after the last"
 * (`> last order by position limit n`): PGlite has no autovacuum, so a table nobody analyzed
 * has no statistics, and for the limit form the planner then took both indexes' bitmaps and
 * sorted every remaining product for each page. 100,000 products read 1.1 GB of table pages
 * (50 pages, each all the rest of the feed) in 2.3 s; a range bounds each page to its own rows
 * whatever the plan (95 MB read without statistics, 48 MB with them). The import analyzes `product` too (`analyzeProducts`).
 */
async function readProductRows(db: Kysely<DB>, organizationId: string, feedId: string) {
  const query = () =>
    db
      .selectFrom("product")
      .select(["external_id", "name", "price", "url", "image", "description", "attributes"])
      .where("organization_id", "=", organizationId)
      .where("feed_id", "=", feedId)
      .orderBy("position", "asc");
  // A whole feed in one read: a bulk read's timeout, also when a request asks for it.
  if (rawDatabase(db)?.kind !== "pglite") return withBulkQueryTimeout(() => query().execute());
  const bounds = await db
    .selectFrom("product")
    .select((eb) => [eb.fn.min("position").as("first"), eb.fn.max("position").as("last")])
    .where("organization_id", "=", organizationId)
    .where("feed_id", "=", feedId)
    .executeTakeFirst();
  const rows: Awaited<ReturnType<ReturnType<typeof query>["execute"]>> = [];
  if (bounds?.first == null || bounds.last == null) return rows;
  for (let from = bounds.first; from <= bounds.last; from += PGLITE_READ_POSITIONS) {
    if (from > bounds.first) await yieldToEventLoop();
    const page = await query()
      .where("position", ">=", from)
      .where("position", "<", from + PGLITE_READ_POSITIONS)
      .execute();
    for (const row of page) rows.push(row);
  }
  return rows;
}

/**
 * Gathers the planner's statistics of `product` after an import replaced a feed's products
 * (PostgreSQL's advice after a bulk load). PGlite runs no autovacuum, so without this its
 * planner never has any and guesses (see readProductRows); the PostgreSQL server's
 * autovacuum would get there within a minute or so, and the import's plans are right at once.
 *
 * On PGlite with a statistics target of 10 instead of 100: the sample is 3,000 rows instead of
 * 30,000 whatever the table's size, and the statement holds PGlite's thread (the event loop)
 * about 30 ms instead of 90-260 ms at 100,000 products; the plans of a feed's queries (an
 * index for its rows) come out the same. The whole table, not only the columns queries use: only
 * a whole-table analysis counts as one for autovacuum's rules (`n_mod_since_analyze`), which
 * db/maintenance.ts follows on PGlite, and it costs about the same at this target.
 */
export async function analyzeProducts(db: Kysely<DB>): Promise<void> {
  const pglite = rawDatabase(db)?.kind === "pglite";
  // On PGlite: the import's own row counts reach the statistics views lazily (at most once a
  // second); the analysis resets "changed since analyzed", so they are sent first, or they
  // would arrive after it and make the table look due for another (db/maintenance.ts).
  if (pglite) await sql`select pg_stat_force_next_flush()`.execute(db);
  await db.transaction().execute(async (trx) => {
    if (pglite) await sql`select set_config('default_statistics_target', '10', true)`.execute(trx);
    await sql`analyze "product"`.execute(trx);
  });
}

/** A stored product as lists show it. */
export interface ProductView {
  /** The feed it comes from. */
  feedId: string;
  id: string;
  name: string;
  price: number | null;
  url: string;
  image: string;
  description: string;
  attributes: ProductAttributes;
}

export interface ProductInput {
  id: string;
  name: string;
  price: number | null;
  url: string;
  image: string;
  description: string;
  attributes: ProductAttributes;
}

/** `position` is the feed's order (feeds oldest first); `id` the product's id in its feed. */
export type ProductSort = "position" | "id" | "name" | "price";

export interface ProductListOptions {
  search?: string;
  sort?: ProductSort;
  direction?: "asc" | "desc";
  offset?: number;
  limit?: number;
}

/**
 * A page of the organization's products, of one feed (`feedId`) or of all its feeds (null),
 * with the total that matches. `search` looks in the name and the product id
 * (case-insensitive, as text: `%` and `_` match themselves). Ties, and `position`, follow
 * the feeds' order (oldest first) and then each feed's own order.
 */
export async function listProducts(
  db: Kysely<DB>,
  organizationId: string,
  feedId: string | null,
  options: ProductListOptions = {},
): Promise<{ items: ProductView[]; total: number }> {
  const { search, sort = "position", direction = "asc", offset = 0, limit = 50 } = options;
  let query = db
    .selectFrom("product")
    .innerJoin("feed", "feed.id", "product.feed_id")
    .where("product.organization_id", "=", organizationId);
  if (feedId) query = query.where("product.feed_id", "=", feedId);
  if (search && search.trim()) {
    const pattern = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb("product.name", "ilike", pattern), eb("product.external_id", "ilike", pattern)]),
    );
  }
  const order = (ob: OrderByItemBuilder) =>
    (direction === "desc" ? ob.desc() : ob.asc()).nullsLast();
  let rows = query.select([
    "product.feed_id",
    "product.external_id",
    "product.name",
    "product.price",
    "product.url",
    "product.image",
    "product.description",
    "product.attributes",
  ]);
  if (sort === "id") rows = rows.orderBy("product.external_id", order);
  else if (sort !== "position") rows = rows.orderBy(`product.${sort}`, order);
  const feedOrder = direction === "desc" && sort === "position" ? "desc" : "asc";
  const [page, count] = await Promise.all([
    rows
      .orderBy("feed.created_at", feedOrder)
      .orderBy("feed.id", feedOrder)
      .orderBy("product.position", feedOrder)
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: page.map((row) => ({
      feedId: row.feed_id,
      id: row.external_id,
      name: row.name,
      price: row.price === null ? null : Number(row.price),
      url: row.url,
      image: row.image,
      description: row.description,
      attributes: row.attributes,
    })),
    total: Number(count.total),
  };
}

/**
 * Adds products to a feed's staging area (`product_import`), numbered from `firstPosition`.
 * One statement per batch with the batch as one JSON parameter, unpacked by the database
 * (`json_to_recordset`): on PGlite this costs about two thirds of the CPU time of a
 * parameter per column (each array is escaped element by element in JavaScript), and far
 * less than a parameter per value.
 */
export async function stageProducts(
  db: Kysely<DB>,
  feed: { id: string; organizationId: string },
  products: readonly ProductInput[],
  firstPosition: number,
): Promise<void> {
  if (products.length === 0) return;
  const rows = products.map((p, index) => ({
    external_id: p.id,
    position: firstPosition + index,
    name: p.name,
    price: p.price !== null && Number.isFinite(p.price) ? p.price : null,
    url: p.url,
    image: p.image,
    description: p.description,
    attributes: p.attributes,
  }));
  let json = JSON.stringify(rows);
  // JSON.stringify writes a lone UTF-16 surrogate as an escape, which PostgreSQL rejects;
  // as text parameters they became U+FFFD, so do that here too (the check is cheap, the
  // second pass rare).
  if (json.includes("\\ud"))
    json = JSON.stringify(rows, (_key, value: unknown) =>
      typeof value === "string" ? wellFormed(value) : value,
    );
  await sql`
    insert into "product_import" ("feed_id", "organization_id", "external_id", "position", "name", "price", "url", "image", "description", "attributes")
    select ${feed.id}, ${feed.organizationId}, t.* from json_to_recordset(${json}::json)
      as t("external_id" text, "position" integer, "name" text, "price" numeric, "url" text, "image" text, "description" text, "attributes" jsonb)
  `.execute(db);
}

/** The text with each lone surrogate replaced by U+FFFD (String#toWellFormed, ES2024). */
function wellFormed(text: string): string {
  return text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\ufffd",
  );
}

/** Empties a feed's staging area (before a refresh, and after a failed one). */
/** Whether the feed has any stored products (not counting staged ones). */
export async function feedHasProducts(db: Kysely<DB>, feedId: string): Promise<boolean> {
  const row = await db
    .selectFrom("product")
    .select("feed_id")
    .where("feed_id", "=", feedId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function discardStagedProducts(db: Kysely<DB>, feedId: string): Promise<void> {
  await db.deleteFrom("product_import").where("feed_id", "=", feedId).execute();
}

/**
 * Replaces a feed's products with its staged ones and returns how many there are. Run it in
 * a transaction: readers see the old products until it commits, then the new ones.
 */
export async function publishStagedProducts(trx: Kysely<DB>, feedId: string): Promise<number> {
  await trx.deleteFrom("product").where("feed_id", "=", feedId).execute();
  const result = await sql`
    insert into "product" ("feed_id", "organization_id", "external_id", "position", "name", "price", "url", "image", "description", "attributes")
    select "feed_id", "organization_id", "external_id", "position", "name", "price", "url", "image", "description", "attributes"
    from "product_import" where "feed_id" = ${feedId}
  `.execute(trx);
  await discardStagedProducts(trx, feedId);
  return Number(result.numAffectedRows ?? 0n);
}
