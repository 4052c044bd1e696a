/**
 * `pnpm seed:demo`: fills an organization with a demo data set for the analytics screens (a
 * "Demo shop" domain, 20 live floows and their shoppers' events over the last 90 days).
 *
 *   pnpm seed:demo --email you@example.com [--events 200000] [--days 90]
 *
 * Uses the same database as the API (DATABASE_URL, or the embedded PGlite in DATA_DIR; stop
 * the API first when it runs on PGlite: one process at a time may open its data). Fills the
 * organization of the user with that e-mail address (their first one); without --email, the
 * first organization in the database.
 */
import { parseArgs } from "node:util";
import { createDb } from "../src/db/client";
import { migrateToLatest } from "../src/db/migrate";
import { loadEnv } from "../src/env";
import { generateDemoData } from "./demo-data";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    events: { type: "string", default: "200000" },
    days: { type: "string", default: "90" },
  },
});
const events = Number(values.events);
const days = Number(values.days);
if (!Number.isInteger(events) || events < 1 || !Number.isInteger(days) || days < 1) {
  console.error("--events and --days are whole numbers from 1");
  process.exit(1);
}

const env = loadEnv();
const database = await createDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
try {
  await migrateToLatest(database.db);
  let query = database.db
    .selectFrom("organization")
    .select(["organization.id", "organization.name"])
    .orderBy("organization.created_at");
  if (values.email) {
    query = query
      .innerJoin("member", "member.organization_id", "organization.id")
      .innerJoin("user", "user.id", "member.user_id")
      .where("user.email", "=", values.email.toLowerCase());
  }
  const organization = await query.executeTakeFirst();
  if (!organization) {
    console.error(
      values.email
        ? `No organization found for ${values.email}: sign up and create one first.`
        : "No organization yet: sign up and create one first.",
    );
    process.exit(1);
  }
  const started = Date.now();
  const result = await generateDemoData(database.db, {
    organizationId: organization.id,
    events,
    days,
    onProgress: (written) => process.stdout.write(`\r${written.toLocaleString("en")} events`),
  });
  console.log(
    `\nFilled "${organization.name}": ${result.events.toLocaleString("en")} events in ${result.sessions.toLocaleString("en")} sessions of ${result.floowIds.length} floows (domain "Demo shop") in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
