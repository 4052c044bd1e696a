import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { conversionWriter } from "./ingest";
import type { RecordConversionInput } from "./one-order";

export type { RecordConversionInput } from "./one-order";

/**
 * Records an order once per organization and order id, whichever way it arrives (runtime,
 * data layer, API, Shopify; in any order, at the same time too). A later report of the same
 * order never counts it again: it fills in what the first lacked (a visitor or session id,
 * the items) and, when that changes anything, attributes the order again with it. The value,
 * currency, source and time of the first report stay. `duplicate` says the order was known.
 *
 * Goes through the database's conversions writer (./ingest.ts): concurrent new orders are
 * attributed and inserted together, a few statements for all of them; an order already known
 * is merged by `recordOneConversion` (./one-order.ts).
 */
export function recordConversion(
  db: Kysely<DB>,
  input: RecordConversionInput,
): Promise<{ id: string; duplicate: boolean }> {
  return conversionWriter(db).record(input);
}
