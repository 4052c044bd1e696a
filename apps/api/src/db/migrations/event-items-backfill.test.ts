import { sql } from "kysely";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedOrganization } from "../../../test/floows";
import { generateDemoData } from "../../../scripts/demo-data";
import type { DbHandle } from "../client";
import { up } from "./20261123223000_event_items_backfill";

describe.each(testDbKinds)("event items backfill (%s)", (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb(kind);
  });
  afterAll(() => database.close());

  it("rebuilds from the events exactly what the ingest kept", async () => {
    const db = database.db;
    const organizationId = await seedOrganization(db);
    await generateDemoData(db, { organizationId, events: 3_000, floows: 5, days: 10 });
    const snapshot = () =>
      sql<{ floow_id: string; day: string; kind: string; item: string; count: number }>`
        select "floow_id", to_char("day", 'YYYY-MM-DD') as day, "kind", "item", "count" from "event_daily_item"
        where "kind" not in ('left', 'os', 'language') and "count" <> 0 order by 1, 2, 3, 4`
        .execute(db)
        .then((r) => r.rows);
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(20);
    await sql`delete from "event_daily_item" where "kind" not in ('left', 'os', 'language')`.execute(
      db,
    );
    await sql`delete from "event_session_item"`.execute(db);
    await up(db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(kept);
  });
});
