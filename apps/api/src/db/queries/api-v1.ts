import type { V1FloowSummary, V1Session } from "@floow/domain/api-v1";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DB } from "../database";
import { shownSession, spanOf } from "./analytics";
import { byCurrency } from "./analytics-revenue";

/**
 * The reads of the public REST API `/api/v1` that the dashboard has no query for
 * (docs/api.md). Every one filters by the key's organization.
 */

/** The organization's floows, oldest first, with the live version's number. */
export async function listFloowSummaries(
  db: Kysely<DB>,
  organizationId: string,
): Promise<V1FloowSummary[]> {
  const rows = await db
    .selectFrom("floow")
    .select(["id", "name", "type", "status", "language", "domain_id", "live_version", "updated_at"])
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    language: row.language,
    domainId: row.domain_id,
    liveVersion: row.status === "live" ? row.live_version : null,
    updatedAt: row.updated_at.toISOString(),
  }));
}

/**
 * Where a page ends: the last session's start (as PostgreSQL writes it, to the microsecond:
 * a JavaScript Date would drop the last three digits and repeat or skip sessions), floow and
 * session id: the export's order, which no two sessions share.
 */
type SessionCursor = [firstAt: string, floowId: string, sessionId: string];

export function encodeSessionCursor(cursor: SessionCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** The cursor's parts, or null when it is not one of ours. */
export function decodeSessionCursor(text: string): SessionCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value.every((part) => typeof part === "string") &&
      !Number.isNaN(Date.parse(value[0] as string))
    )
      return value as SessionCursor;
  } catch {
    // Not base64url JSON: not a cursor.
  }
  return null;
}

interface SessionRow {
  session_id: string;
  floow_id: string;
  floow_version: number | null;
  first_at: Date;
  first_at_text: string;
  finished_at: Date | null;
  answer_steps: Record<string, { t: number; o: number; a: string | null }> | null;
  clicked_products: string[] | null;
  os: string;
  language: string;
  order_ids: string[] | null;
  revenue: { currency: string; total: number; influenced: number; assisted: number }[] | null;
}

/**
 * The answers in the order given, as the CSV export's `answers` cell lists them
 * (migrations/20261124002600: by time, then place in the batch, then step id).
 */
function orderedAnswers(steps: SessionRow["answer_steps"]): string[] {
  if (!steps) return [];
  return Object.entries(steps)
    .sort(
      ([aKey, a], [bKey, b]) =>
        Number(a.t) - Number(b.t) ||
        Number(a.o) - Number(b.o) ||
        (aKey < bKey ? -1 : aKey > bKey ? 1 : 0),
    )
    .flatMap(([, step]) => (step.a === null ? [] : [step.a]));
}

/** numeric sums arrive as JSON numbers; cents are exact, rounding only guards float noise. */
const money = (value: number) => Math.round(Number(value) * 100) / 100;

/**
 * One page of the sessions that began in the span (the CSV export's rows and order), after
 * `cursor`: keyset pagination on (first_at, floow_id, session_id), so pages neither skip nor
 * repeat a session however many arrive meanwhile. Each with its attributed orders, as the
 * export's five order columns count them (`sessionRevenueCells` in analytics.ts): every order
 * attributed to the floow session, found by the conversion's (floow, session) index.
 */
export async function sessionPage(
  db: Kysely<DB>,
  organizationId: string,
  query: { from: string; to: string; floowId?: string | undefined; limit: number },
  cursor: SessionCursor | null,
): Promise<{ sessions: V1Session[]; nextCursor: string | null }> {
  const span = spanOf(query.from, query.to);
  const { rows } = await sql<SessionRow>`
    select "session_id", "floow_id", "floow_version", "first_at",
      to_char("first_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "first_at_text",
      "finished_at", "answer_steps", "clicked_products", "os", "language", o."order_ids", o."revenue"
    from (
      select * from "event_session"
      where "organization_id" = ${organizationId}
        and "first_at" >= ${span.start} and "first_at" < ${span.end}
        and ${shownSession(organizationId, query.floowId)}
        ${query.floowId !== undefined ? sql`and "floow_id" = ${query.floowId}` : sql``}
        ${
          cursor
            ? sql`and ("first_at", "floow_id", "session_id") > (${cursor[0]}::timestamptz, ${cursor[1]}, ${cursor[2]})`
            : sql``
        }
      order by "first_at", "floow_id", "session_id"
      limit ${query.limit + 1}
    ) s
    left join lateral (
      select (select array_agg(c."order_id" order by c."occurred_at", c."order_id") from "conversion" c
          where c."organization_id" = ${organizationId} and c."floow_id" = s."floow_id" and c."session_id" = s."session_id") as order_ids,
        (select jsonb_agg(jsonb_build_object('currency', trim(p."currency"), 'total', p.total, 'influenced', p.influenced, 'assisted', p.assisted))
          from (select c."currency", sum(c."value") as total, sum(c."influenced_value") as influenced, sum(c."assisted_value") as assisted
            from "conversion" c
            where c."organization_id" = ${organizationId} and c."floow_id" = s."floow_id" and c."session_id" = s."session_id"
            group by c."currency") p) as revenue
    ) o on true
    order by "first_at", "floow_id", "session_id"`.execute(db);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    sessions: page.map((row) => ({
      sessionId: row.session_id,
      floowId: row.floow_id,
      floowVersion: row.floow_version,
      startedAt: new Date(row.first_at).toISOString(),
      finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
      answers: orderedAnswers(row.answer_steps),
      clickedProducts: row.clicked_products ?? [],
      os: row.os,
      language: row.language,
      orders: row.order_ids?.length ?? 0,
      orderIds: row.order_ids ?? [],
      revenue: byCurrency(
        (row.revenue ?? []).map((amount) => ({
          currency: amount.currency,
          total: money(amount.total),
          influenced: money(amount.influenced),
          assisted: money(amount.assisted),
        })),
      ),
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeSessionCursor([last.first_at_text, last.floow_id, last.session_id])
        : null,
  };
}
