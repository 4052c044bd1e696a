/**
 * The floor of the revenue and experiment benchmarks: the least a server can do for the same
 * answers, in a process of its own as the API is, on the same database. A plain node:http
 * server that answers `GET /<procedure>?input=<json>` (the tRPC procedure's name and input) with
 * the same SQL the procedure runs (the same query functions of src/db/queries, one database
 * handle opened as the API opens it) and the same computation on top (the experiment's
 * statistics, the CSV's header), as plain JSON; and the streamed CSV export's pages as CSV. No framework, no session or membership look-up,
 * no input validation, no rate limiter, no logging, no compression: what the API adds to this is
 * its cost.
 * Env: DATA_DIR (PGlite) or DATABASE_URL, ORGANIZATION_ID, PORT; prints `ready` when it listens.
 */
import { createServer } from "node:http";
import type { ServerResponse } from "node:http";
import { daysInRange } from "@floow/domain/analytics";
import { experimentStats } from "@floow/domain/experiment";
import type { Kysely } from "kysely";
import { createDb } from "../../src/db/client";
import type { DB } from "../../src/db/database";
import {
  choiceDistribution,
  floowRows,
  formCompletion,
  funnel,
  productResults,
  sessionDays,
  sessionShares,
  shownSession,
  sessionTotals,
  spanOf,
} from "../../src/db/queries/analytics";
import type { SessionScope } from "../../src/db/queries/analytics";
import {
  revenueByChoice,
  revenueByFloow,
  revenueByProduct,
  revenueTotals,
} from "../../src/db/queries/analytics-revenue";
import { countExperimentArms, findExperiment } from "../../src/db/queries/experiment";
import { findFloow } from "../../src/db/queries/floow";
import { sql } from "kysely";
import { SESSION_CSV_COLUMNS, sessionCsv, toCsv } from "../../src/services/analytics/csv";

const organizationId = process.env.ORGANIZATION_ID!;
const database = await createDb(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { dataDir: process.env.DATA_DIR! },
);
const db = database.db;

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The queries of the analytics router's `periods`. */
async function periods(scope: SessionScope, from: string, to: string) {
  const length = daysInRange(from, to);
  const previousFrom = shiftDay(from, -length);
  const previousTo = shiftDay(from, -1);
  const [current, previous, days] = await Promise.all([
    sessionTotals(db, scope, from, to),
    sessionTotals(db, scope, previousFrom, previousTo),
    sessionDays(db, scope, from, to),
  ]);
  const [currentRevenue, previousRevenue] = await Promise.all([
    revenueTotals(db, scope, from, to, current.sessions),
    revenueTotals(db, scope, previousFrom, previousTo, previous.sessions),
  ]);
  return { current, previous, days, currentRevenue, previousRevenue };
}

/**
 * The CSV export as it was before it streamed (one statement, the whole file in one string,
 * docs/benchmarks.md's earlier figures): the floor the streamed export is set beside. The
 * floow's orders aggregated once per session, hash-joined to the period's sessions.
 */
async function oneStatementCsv(floowId: string, from: string, to: string, version?: number) {
  const span = spanOf(from, to);
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return sql<{ rows: string | number; lines: string | null }>`
      with "r" as materialized (
        select q."session_id", q.orders::text || ','
          || case when q.ids ~ '[",\\r\\n]' then '"' || replace(q.ids, '"', '""') || '"' else q.ids end
          || ',' || q.total || ',' || q.influenced || ',' || q.assisted as cells
        from (
          select p."session_id", sum(p.orders) as orders,
            case when string_agg(p.ids, ' ' order by p.currency) ~ '^[=+@\\t\\r-]' then '''' else '' end
              || string_agg(p.ids, ' ' order by p.currency) as ids,
            string_agg(p.total::text || ' ' || trim(p.currency), '; ' order by p.currency) as total,
            string_agg(p.influenced::text || ' ' || trim(p.currency), '; ' order by p.currency) as influenced,
            string_agg(p.assisted::text || ' ' || trim(p.currency), '; ' order by p.currency) as assisted
          from (
            select c."session_id", c."currency", count(*) as orders,
              string_agg(c."order_id", ' ' order by c."occurred_at", c."order_id") as ids,
              sum(c."value") as total, sum(c."influenced_value") as influenced, sum(c."assisted_value") as assisted
            from "conversion" c
            where c."floow_id" = ${floowId} and c."organization_id" = ${organizationId} and c."session_id" is not null
            group by 1, 2
          ) p
          group by p."session_id"
        ) q
      )
      select count(*) as rows,
        string_agg(s."csv_row" || ',' || coalesce(r.cells, '0,,,,'), ${"\r\n"} order by s."first_at", s."session_id") as lines
      from "event_session" s
      left join "r" on r."session_id" = s."session_id"
      where s."organization_id" = ${organizationId} and s."floow_id" = ${floowId}
        and s."first_at" >= ${span.start} and s."first_at" < ${span.end}
        and ${shownSession(organizationId, floowId)}
        ${version !== undefined ? sql`and s."floow_version" = ${version}` : sql``}`.execute(trx);
  });
  return { rows: Number(rows[0]?.rows ?? 0), lines: rows[0]?.lines ?? "" };
}

type Input = { from: string; to: string; domainId?: string; id: string; version?: number };

const procedures: Record<string, (input: Input, db: Kysely<DB>) => Promise<unknown>> = {
  "analytics.overview": async ({ from, to, domainId }) => {
    const scope = { organizationId, domainId };
    const [figures, floows, revenue] = await Promise.all([
      periods(scope, from, to),
      floowRows(db, scope, from, to),
      revenueByFloow(db, scope, from, to),
    ]);
    return { ...figures, floows, revenue: [...revenue] };
  },
  "analytics.floow": async ({ id, from, to, version }) => {
    const floow = await findFloow(db, organizationId, id);
    if (!floow) return null;
    const scope = { organizationId, floowId: floow.id, floowVersion: version };
    const steps = floow.steps.map((step) => ({ id: step.id, text: step.text }));
    const all = await Promise.all([
      periods(scope, from, to),
      funnel(db, organizationId, floow.id, from, to, steps, "Start page", version),
      choiceDistribution(db, organizationId, floow.id, from, to, steps, version),
      formCompletion(db, organizationId, floow.id, from, to, steps, version),
      productResults(db, organizationId, floow.id, from, to, version),
      sessionShares(db, scope, from, to, "os"),
      sessionShares(db, scope, from, to, "language"),
    ]);
    const [byChoice, byProduct] = await Promise.all([
      revenueByChoice(db, organizationId, floow.id, from, to, version),
      revenueByProduct(db, organizationId, floow.id, from, to, version),
    ]);
    return { all, byChoice: [...byChoice], byProduct: [...byProduct] };
  },
  // The CSV export before it streamed (the floor of `GET /sessions.csv`, beside it).
  csvOneStatement: async ({ id, from, to, version }) => {
    const floow = await findFloow(db, organizationId, id);
    if (!floow) return null;
    const { rows, lines } = await oneStatementCsv(floow.id, from, to, version);
    const header = toCsv([SESSION_CSV_COLUMNS]);
    return { filename: `${floow.name}.csv`, csv: rows > 0 ? `${header}${lines}\r\n` : header };
  },
  "experiment.results": async ({ id }) => {
    const experiment = await findExperiment(db, organizationId, id);
    if (!experiment) return null;
    const counts = await countExperimentArms(db, organizationId, experiment);
    return {
      experiment,
      currency: counts.currency,
      stats: experimentStats(experiment.id, counts.arms),
    };
  },
};

/**
 * `GET /sessions.csv?id&from&to[&version]`: the streamed export's floor, the same pages
 * (`sessionCsv`) written to node:http as they come, waiting for `drain` when the client is slow.
 */
async function streamCsv(url: URL, response: ServerResponse) {
  const floow = await findFloow(db, organizationId, url.searchParams.get("id") ?? "");
  if (!floow) {
    response.writeHead(404);
    response.end();
    return;
  }
  const version = url.searchParams.get("version");
  response.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
  for await (const piece of sessionCsv(
    db,
    { organizationId, floowId: floow.id },
    {
      from: url.searchParams.get("from")!,
      to: url.searchParams.get("to")!,
      version: version ? Number(version) : undefined,
    },
  )) {
    if (!response.write(piece)) await new Promise((resolve) => response.once("drain", resolve));
  }
  response.end();
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://floor");
  if (url.pathname === "/sessions.csv") {
    streamCsv(url, response).catch((error: unknown) => {
      console.error(error);
      response.destroy();
    });
    return;
  }
  const procedure = procedures[url.pathname.slice(1)];
  if (!procedure) {
    response.writeHead(404);
    response.end();
    return;
  }
  const input = JSON.parse(url.searchParams.get("input") ?? "{}") as Input;
  procedure(input, db).then(
    (data) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ result: { data } }));
    },
    (error: unknown) => {
      console.error(error);
      response.writeHead(500);
      response.end();
    },
  );
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => void database.close().then(() => process.exit(0))));
