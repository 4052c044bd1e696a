import { createEventMessage } from "@floow/domain/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import { createTestServer } from "../../../test/server";
import type { TestServer } from "../../../test/server";
import { deleteExpiredEvents, sessionCsvPage, spanOf } from "../../db/queries/analytics";
import { enqueueJob } from "../../db/queries/job";
import { storeEvents } from "../events/store-events";
import { RETENTION_JOB } from "./retention";

describe.each(testDbKinds)("events retention job (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(() => server.close());

  it("runs in the app's job worker and deletes events older than the 13 months default", async () => {
    const db = server.app.database.db;
    const organizationId = await seedOrganization(db);
    const domain = await seedDomain(db, organizationId);
    const floow = await seedFloow(db, organizationId, domain.id, "data", { status: "live" });
    const event = (sessionId: string, receivedAt: Date) => ({
      organizationId,
      domainId: domain.id,
      message: createEventMessage(
        { organizationId, domainId: domain.id, floowId: floow.id, sessionId },
        "mount",
      ),
      receivedAt,
    });
    const old = new Date(Date.now() - 14 * 31 * 86_400_000);
    const recent = new Date(Date.now() - 12 * 30 * 86_400_000);
    await storeEvents(db, [event("old", old), event("recent", recent)]);
    await enqueueJob(db, { kind: RETENTION_JOB, key: "test", payload: {}, organizationId: null });
    await server.app.jobs.drain();
    const left = await db
      .selectFrom("event")
      .select("session_id")
      .where("floow_id", "=", floow.id)
      .execute();
    expect(left.map((row) => row.session_id)).toEqual(["recent"]);
    const sessions = await db
      .selectFrom("event_session")
      .select("session_id")
      .where("floow_id", "=", floow.id)
      .execute();
    expect(sessions.map((row) => row.session_id)).toEqual(["recent"]);
  });

  it("a session across the cut keeps only what its remaining events say: no form value of a deleted event", async () => {
    const db = server.app.database.db;
    const organizationId = await seedOrganization(db);
    const domain = await seedDomain(db, organizationId, { host: "straddle.example" });
    const floow = await seedFloow(db, organizationId, domain.id, "data", { status: "live" });
    const context = { organizationId, domainId: domain.id, floowId: floow.id, sessionId: "across" };
    const form = {
      step: { id: "contact", text: "Contact" },
      formInputs: [
        { id: "email", type: "email" as const, text: "E-mail", value: "gone@example.com" },
      ],
    };
    const choice = {
      step: { id: "interest", text: "Interest" },
      choices: [{ id: "sales", text: "Sales", selected: true }],
    };
    const cut = new Date("2026-06-01T00:00:00Z");
    const store = (
      type: "form" | "choice" | "finish" | "product",
      payload: object,
      receivedAt: Date,
    ) =>
      storeEvents(db, [
        {
          organizationId,
          domainId: domain.id,
          message: createEventMessage(context, type, payload),
          receivedAt,
        },
      ]);
    await store("form", form, new Date(cut.getTime() - 60_000));
    await store("finish", {}, new Date(cut.getTime() - 50_000));
    await store(
      "product",
      { product: { id: "P1", name: "Old click" } },
      new Date(cut.getTime() - 40_000),
    );
    await store("choice", choice, new Date(cut.getTime() + 60_000));
    await store("finish", {}, new Date(cut.getTime() + 70_000));
    // 13 months after the cut, by the default retention.
    await deleteExpiredEvents(db, new Date("2027-07-01T00:00:00Z"));
    // Its CSV line: the remaining answer and finish only (02:01 in Amsterdam, summer time), no click.
    expect(
      await sessionCsvPage(
        db,
        { organizationId, floowId: floow.id },
        spanOf("2026-05-31", "2026-06-01"),
        null,
        10,
      ),
    ).toMatchObject({
      rows: 1,
      // The five order columns after them (issue 23): no order, no revenue.
      lines:
        "across,2026-06-01 01:59:00,2026-06-01 02:01:10,Interest: Sales,,unknown,unknown,0,,,,",
    });
    const kept = await db
      .selectFrom("event_session")
      .selectAll()
      .where("floow_id", "=", floow.id)
      .execute();
    expect(JSON.stringify(kept)).not.toContain("gone@example.com");
  });
});
