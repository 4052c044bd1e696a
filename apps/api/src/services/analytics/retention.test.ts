import { createEventMessage } from "@floow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import { createTestServer } from "../../../test/server";
import type { TestServer } from "../../../test/server";
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
      message: createEventMessage({ organizationId, domainId: domain.id, floowId: floow.id, sessionId }, "mount"),
      receivedAt,
    });
    const old = new Date(Date.now() - 14 * 31 * 86_400_000);
    const recent = new Date(Date.now() - 12 * 30 * 86_400_000);
    await storeEvents(db, [event("old", old), event("recent", recent)]);
    await enqueueJob(db, { kind: RETENTION_JOB, key: "test", payload: {}, organizationId: null });
    await server.app.jobs.drain();
    const left = await db.selectFrom("event").select("session_id").where("floow_id", "=", floow.id).execute();
    expect(left.map((row) => row.session_id)).toEqual(["recent"]);
    const sessions = await db.selectFrom("event_session").select("session_id").where("floow_id", "=", floow.id).execute();
    expect(sessions.map((row) => row.session_id)).toEqual(["recent"]);
  });
});
