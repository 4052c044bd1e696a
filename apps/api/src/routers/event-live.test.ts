import { createEventMessage } from "@floow/domain/events";
import type { FloowEventType } from "@floow/domain/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedDomain, seedFloow } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { createEventIngest } from "../services/events/ingest";

describe.each(testDbKinds)("event.live (%s)", (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let outsider: TestUser;
  let target: { organizationId: string; domainId: string; floowId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    const db = server.app.database.db;
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Live Co");
    outsider = await createUser(server.app, "Olga Outsider");
    await createOrganization(server.app, outsider, "Other Co");
    const domain = await seedDomain(db, org.id);
    const floow = await seedFloow(db, org.id, domain.id, "selling", {
      name: "Shoe finder",
      status: "live",
    });
    target = { organizationId: org.id, domainId: domain.id, floowId: floow.id };
  });
  afterAll(() => server.close());

  const store = (type: FloowEventType, sessionId = "visitor") =>
    createEventIngest(server.app.database.db).add([
      { ...target, message: createEventMessage({ ...target, sessionId }, type) },
    ]) as Promise<void>;

  it("answers at once with a cursor, then holds the request until an event is stored and answers with it", async () => {
    const caller = callerFor(server.app, admin);
    const start = await caller.event.live();
    expect(start.events).toEqual([]);
    const waiting = caller.event.live({ after: start.cursor });
    let answered = false;
    void waiting.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    await store("start");
    const page = await waiting;
    expect(page.events.map((event) => [event.type, event.floowName])).toEqual([
      ["start", "Shoe finder"],
    ]);
    expect(page.cursor).not.toBe(start.cursor);

    // Filters apply; the next poll continues after the last answer.
    const filtered = caller.event.live({ after: page.cursor, type: "finish" });
    await store("choice");
    await store("finish");
    expect((await filtered).events.map((event) => event.type)).toEqual(["finish"]);
  });

  it("never shows another organization's events", async () => {
    const caller = callerFor(server.app, outsider);
    const start = await caller.event.live();
    const waiting = caller.event.live({ after: start.cursor });
    await store("mount", "someone");
    await expect(
      Promise.race([
        waiting,
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 1_500)),
      ]),
    ).resolves.toBe("still waiting");
    await expect(caller.event.live({ after: "yesterday" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
