import { AsyncResource } from "node:async_hooks";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { sessionCsvPage, spanOf } from "../../db/queries/analytics";
import type { SessionCsvKey } from "../../db/queries/analytics";

/**
 * CSV text (RFC 4180, comma-separated, CRLF rows, UTF-8 with a byte-order mark so Excel reads
 * it as UTF-8). A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading `'`, so a spreadsheet shows it as text instead of running it as a formula (OWASP's
 * "CSV injection" advice): shoppers write answers and product names come from feeds.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The session export's columns (docs/analytics.md "The CSV export"). */
export const SESSION_CSV_COLUMNS = [
  "session",
  "started",
  "finished",
  "answers",
  "clicked product",
  "operating system",
  "language",
  "orders",
  "order ids",
  "revenue",
  "influenced revenue",
  "assisted revenue",
] as const;

/** Sessions per page of the export: one short statement each, a few hundred kB of CSV. */
const SESSION_CSV_PAGE_SIZE = 2_000;
/**
 * The first page is smaller, so the first bytes leave sooner: on PGlite a page of 2,000 took
 * 0.2-0.4 s under load (revenue bench, 1,000,000 events).
 */
const FIRST_PAGE_SIZE = 500;

/** The export's file name: `<floow name as a slug>[-v<version>]-sessions-<from>-<to>.csv`. */
export function sessionCsvFilename(
  floowName: string,
  query: { from: string; to: string; version?: number | undefined },
): string {
  const slug =
    floowName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "floow";
  const versionPart = query.version !== undefined ? `-v${query.version}` : "";
  return `${slug}${versionPart}-sessions-${query.from}-${query.to}.csv`;
}

/**
 * The floow's sessions of the range (of one published version, when given) as CSV text, in
 * pieces: the byte-order mark and header with the first page, then one piece per page of
 * sessions (`sessionCsvPage`, keyset pages of `pageSize`, the first at most `FIRST_PAGE_SIZE`),
 * each line ending in CRLF. A page is read only
 * when the consumer asks for the next piece, so a stream built on this holds about one page
 * and stops reading when it is destroyed (the client went away). The pages' queries run in the
 * async context of the first piece's request (its query timeout), wherever the later reads
 * come from.
 */
export async function* sessionCsv(
  db: Kysely<DB>,
  scope: { organizationId: string; floowId: string },
  query: { from: string; to: string; version?: number | undefined },
  pageSize: number = SESSION_CSV_PAGE_SIZE,
): AsyncGenerator<string, void, undefined> {
  const span = spanOf(query.from, query.to);
  const page = AsyncResource.bind((after: SessionCsvKey | null, limit: number) =>
    sessionCsvPage(db, { ...scope, floowVersion: query.version }, span, after, limit),
  );
  let limit = Math.min(pageSize, FIRST_PAGE_SIZE);
  let next = await page(null, limit);
  let piece = toCsv([SESSION_CSV_COLUMNS]);
  for (;;) {
    if (next.rows > 0) piece += `${next.lines}\r\n`;
    yield piece;
    if (next.rows < limit || !next.last) return;
    limit = pageSize;
    next = await page(next.last, limit);
    piece = "";
    if (next.rows === 0) return;
  }
}
