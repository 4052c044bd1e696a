/**
 * The floor of the revenue and experiment benchmarks: the least a server can do for the same
 * answers, in a process of its own as the API is, on the same database. A plain node:http
 * server that answers `GET /<procedure>?input=<json>` (the tRPC procedure's name and input) with
 * the same SQL the procedure runs (the same query functions of src/db/queries, one database
 * handle opened as the API opens it) and the same computation on top (the experiment's
 * statistics, the CSV's header), as plain JSON. No framework, no session or membership look-up,
 * no input validation, no rate limiter, no logging, no compression: what the API adds to this is
 * its cost.
 * Env: DATA_DIR (PGlite) or DATABASE_URL, ORGANIZATION_ID, PORT; prints `ready` when it listens.
 */
import { createServer } from "node:http";
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
  sessionExportCsv,
  sessionShares,
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
import { toCsv } from "../../src/services/analytics/csv";

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
  "analytics.exportCsv": async ({ id, from, to, version }) => {
    const floow = await findFloow(db, organizationId, id);
    if (!floow) return null;
    const { rows, lines } = await sessionExportCsv(
      db,
      organizationId,
      floow.id,
      spanOf(from, to),
      version,
    );
    const header = toCsv([["session", "started", "finished", "answers", "clicked product"]]);
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

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://floor");
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
