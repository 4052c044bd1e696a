import { createEventMessage } from "@floow/domain/events";
import type { FloowEventPayload, FloowEventType } from "@floow/domain/events";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import { generateDemoData } from "../../../scripts/demo-data";
import { storeEvents } from "../../services/events/store-events";
import type { DbHandle } from "../client";
import { up } from "./20261124002600_event_session_export";

describe.each(testDbKinds)("event session export columns backfill (%s)", (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb(kind);
  });
  afterAll(() => database.close());

  it("rebuilds from the events exactly what the ingest kept, for any form value and product", async () => {
    const db = database.db;
    const organizationId = await seedOrganization(db);
    await generateDemoData(db, { organizationId, events: 3_000, floows: 5, days: 10 });

    // Values whose text only the database knows for sure: numbers, booleans, null, lists, odd products.
    const domain = await seedDomain(db, organizationId, { host: "odd.example" });
    const floow = await seedFloow(db, organizationId, domain.id, "data", { status: "live" });
    const context = { organizationId, domainId: domain.id, floowId: floow.id, sessionId: "odd" };
    const step = { id: "form", text: "Tell us" };
    const batches: [FloowEventType, FloowEventPayload?][][] = [
      [
        ["start"],
        [
          "choice",
          {
            step: { id: "pick", text: "Pick" },
            choices: [{ id: "a", text: "A", selected: false }],
          },
        ],
        [
          "choice",
          {
            step: { id: "many", text: "Many" },
            choices: [
              { id: "a", text: "A", selected: true },
              { id: "b", text: "B", selected: false },
              { id: "c", text: "C", selected: true },
            ],
          },
        ],
        ["form", { step, formInputs: [{ id: "n", type: "number", text: "N", value: 1 }] }],
      ],
      [
        [
          "form",
          {
            step,
            formInputs: [
              { id: "n", type: "number", text: "N", value: 1e21 },
              { id: "m", type: "number", text: "M", value: 1e-7 },
              { id: "b", type: "checkbox", text: "B", value: true },
              { id: "z", type: "text", text: "Z", value: null },
              { id: "e", type: "checkbox", text: "E", value: [] },
              { id: "l", type: "checkbox", text: "L", value: ["x", "y"] },
              { id: "q", type: "text", text: "Q", value: '"quoted", =1+2' },
              ...[0.1 + 0.2, -1.5e-7, 5e-324, 123456789012345680000, 2.5e25, -0, false].map(
                (value, i) => ({ id: `x${i}`, type: "number" as const, text: `X${i}`, value }),
              ),
            ],
          },
        ],
        ["finish"],
        ["product", { product: { id: 7 } }],
        ["product", { product: { id: "P", name: "" } }],
        ["product", { product: { id: "R", name: { nested: [1, "two"] } } }],
        ["product", { product: { id: 7 } }],
        ["finish"],
      ],
    ];
    let second = 0;
    for (const batch of batches) {
      await storeEvents(
        db,
        batch.map(([type, payload]) => ({
          organizationId,
          domainId: domain.id,
          message: createEventMessage(context, type, payload),
          receivedAt: new Date(Date.UTC(2026, 10, 10, 12, 0, second++)),
        })),
      );
    }

    const snapshot = () =>
      sql<{
        floow_id: string;
        session_id: string;
        finished_at: Date | null;
        answers: string | null;
        clicked: string[] | null;
        csv_row: string;
      }>`
        select "floow_id", "session_id", "finished_at",
          (select string_agg(a.value->>'a', ' | ' order by (a.value->>'t')::numeric, a.key) from jsonb_each("answer_steps") a) as answers,
          "clicked_products" as clicked, "csv_row"
        from "event_session" order by 1, 2`
        .execute(db)
        .then((result) => result.rows);
    const kept = await snapshot();
    expect(kept.filter((row) => row.answers !== null).length).toBeGreaterThan(100);
    expect(kept.filter((row) => row.clicked !== null).length).toBeGreaterThan(10);
    expect(kept.find((row) => row.session_id === "odd")).toEqual({
      floow_id: floow.id,
      session_id: "odd",
      finished_at: new Date(Date.UTC(2026, 10, 10, 12, 0, 5)),
      answers: expect.stringMatching(
        /^Pick: {2}\| Many: A, C \| Tell us: N = 1000000000000000000000; M = 0.0000001; B = true; Z = ; L = x, y; Q = "quoted", =1\+2; X0 = 0.30000000000000004; X1 = -0.00000015; X2 = 0\.0{323}5; X3 = 123456789012345680000; X4 = 25000000000000000000000000; X5 = 0; X6 = false$/,
      ),
      clicked: expect.arrayContaining(["7", "P", '{"nested": [1, "two"]}']),
      csv_row: expect.stringMatching(
        /^odd,2026-11-10 13:00:00,2026-11-10 13:00:05,"Pick: {2}\| Many: A, C \| Tell us: N = .*; Q = ""quoted"", =1\+2; .*; X6 = false","7, P, {""nested"": \[1, ""two""\]}",unknown,unknown$/,
      ),
    });

    await sql`alter table "event_session" drop column "csv_row", drop column "finished_at", drop column "answer_steps", drop column "clicked_products"`.execute(
      db,
    );
    await sql`drop function "event_session_csv_row"`.execute(db);
    await sql`drop function "csv_cell"`.execute(db);
    await up(db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(kept);
  });
});
