import { randomUUID } from "node:crypto";
import { createEventMessage } from "@floow/domain/events";
import { fieldErrorsFrom } from "@floow/domain/errors";
import type { FloowEventType, InspectedEvent } from "@floow/domain/events";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedDomain, seedFloow } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import type { DB } from "../db/database";
import { insertEvents } from "../db/queries/event";

interface Target {
  organizationId: string;
  domainId: string;
  floowId: string;
}

/** An event stored at a known time (the ingest stamps `now`; the order under test needs fixed times). */
async function seedEvent(
  db: Kysely<DB>,
  target: Target,
  type: FloowEventType,
  createdAt: string,
  sessionId = "session-1",
): Promise<string> {
  const message = createEventMessage({ ...target, sessionId }, type, {
    step: { id: "s1", text: "Which colour?" },
  });
  const id = randomUUID();
  await db
    .insertInto("event")
    .values({
      id,
      organization_id: target.organizationId,
      domain_id: target.domainId,
      floow_id: target.floowId,
      session_id: sessionId,
      client_event_id: message.id,
      type,
      payload: JSON.stringify(message),
      created_at: createdAt,
    })
    .execute();
  return id;
}

const idsOf = (events: InspectedEvent[]) => events.map((event) => event.id);

describe.each(testDbKinds)("event.recent (%s)", (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let member: TestUser;
  let shoes: Target;
  let data: Target;
  let db: Kysely<DB>;

  beforeAll(async () => {
    server = await createTestServer(kind);
    db = server.app.database.db;
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Inspect Co");
    member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    const domain = await seedDomain(db, org.id);
    const shoesFloow = await seedFloow(db, org.id, domain.id, "selling", {
      name: "Shoe finder",
      status: "live",
    });
    const dataFloow = await seedFloow(db, org.id, domain.id, "data", {
      name: "Newsletter",
      status: "live",
    });
    shoes = { organizationId: org.id, domainId: domain.id, floowId: shoesFloow.id };
    data = { organizationId: org.id, domainId: domain.id, floowId: dataFloow.id };
  });
  afterAll(() => server.close());

  it("is UNAUTHORIZED without a session", async () => {
    await expect(callerFor(server.app).event.recent()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const response = await server.app.inject({ method: "GET", url: "/trpc/event.recent" });
    expect(response.statusCode).toBe(401);
  });

  it("answers the newest events first with the floow's name, for admins and members alike", async () => {
    const oldest = await seedEvent(db, shoes, "mount", "2026-01-01T10:00:00.000Z", "visitor-a");
    const middle = await seedEvent(db, data, "start", "2026-01-01T10:00:01.000Z", "visitor-b");
    const newest = await seedEvent(db, shoes, "finish", "2026-01-01T10:00:02.000Z", "visitor-a");

    const page = await callerFor(server.app, member).event.recent();
    expect(idsOf(page.events)).toEqual([newest, middle, oldest]);
    expect(page.nextCursor).toBeNull();
    expect(page.events[0]).toEqual({
      id: newest,
      floowId: shoes.floowId,
      floowName: "Shoe finder",
      domainId: shoes.domainId,
      sessionId: "visitor-a",
      type: "finish",
      createdAt: "2026-01-01T10:00:02.000Z",
      payload: expect.objectContaining({
        event: "floows",
        type: "finish",
        floowId: shoes.floowId,
        sessionId: "visitor-a",
        step: { id: "s1", text: "Which colour?" },
      }),
    });
    expect(page.events[1]?.floowName).toBe("Newsletter");
    expect(await callerFor(server.app, admin).event.recent()).toEqual(page);
  });

  it("filters by floow and by type", async () => {
    const caller = callerFor(server.app, member);
    const ofShoes = await caller.event.recent({ floowId: shoes.floowId });
    expect(ofShoes.events.length).toBeGreaterThan(0);
    expect(ofShoes.events.every((event) => event.floowId === shoes.floowId)).toBe(true);

    const starts = await caller.event.recent({ type: "start" });
    expect(starts.events.map((event) => [event.type, event.floowId])).toEqual([
      ["start", data.floowId],
    ]);
    expect((await caller.event.recent({ floowId: shoes.floowId, type: "start" })).events).toEqual(
      [],
    );
    expect((await caller.event.recent({ floowId: "unknown-floow" })).events).toEqual([]);
  });

  it("pages through events with the cursor, without gaps or repeats, also within one instant", async () => {
    const ownFloow = await seedFloowTarget();
    // One batch is stored in one statement, so its events share created_at: the id breaks the tie.
    await insertEvents(
      db,
      Array.from({ length: 5 }, (_, index) => ({
        organizationId: ownFloow.organizationId,
        domainId: ownFloow.domainId,
        message: createEventMessage({ ...ownFloow, sessionId: `batch-${index}` }, "choice", {}),
      })),
    );
    // Two events a few microseconds apart: a millisecond cursor would lose one of them.
    const later = await seedEvent(db, ownFloow, "finish", "2020-01-01T00:00:00.123456Z");
    const earlier = await seedEvent(db, ownFloow, "start", "2020-01-01T00:00:00.123400Z");

    const caller = callerFor(server.app, member);
    const all = await caller.event.recent({ floowId: ownFloow.floowId });
    expect(all.events).toHaveLength(7);
    expect(idsOf(all.events).slice(-2)).toEqual([later, earlier]);

    const seen: string[] = [];
    let before: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await caller.event.recent({ floowId: ownFloow.floowId, limit: 2, before });
      seen.push(...idsOf(page.events));
      if (page.nextCursor === null) break;
      expect(page.events).toHaveLength(2);
      before = page.nextCursor;
    }
    expect(seen).toEqual(idsOf(all.events));

    // Limit 1 through the two close events: each page holds exactly the next one.
    const first = await caller.event.recent({ floowId: ownFloow.floowId, limit: 6 });
    expect(idsOf(first.events).at(-1)).toBe(later);
    const next = await caller.event.recent({
      floowId: ownFloow.floowId,
      limit: 1,
      before: first.nextCursor ?? "",
    });
    expect(next).toEqual({ events: [all.events.at(-1)], nextCursor: null });
  });

  it("refuses a limit outside 1..100 and a cursor it did not write with BAD_REQUEST at the field", async () => {
    const caller = callerFor(server.app, member);
    for (const input of [{ limit: 0 }, { limit: 101 }, { limit: 1.5 }]) {
      const error = await caller.event.recent(input).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      expect(fieldErrorsFrom((error as Error).cause)).toEqual([
        { path: ["limit"], message: "The limit is a whole number from 1 to 100." },
      ]);
    }
    const badCursor = await caller.event
      .recent({ before: "2020-01-01T00:00:00Z" })
      .catch((caught: unknown) => caught);
    expect(badCursor).toMatchObject({ code: "BAD_REQUEST" });
    expect(fieldErrorsFrom((badCursor as Error).cause).map((e) => e.path)).toEqual([["before"]]);
  });

  it("never shows another organization's events, even for its floow id", async () => {
    const adminB = await createUser(server.app, "Admin B");
    const orgB = await createOrganization(server.app, adminB, "Org B");
    const domainB = await seedDomain(db, orgB.id, { name: "Shop B", host: "www.shop-b.example" });
    const floowB = await seedFloow(db, orgB.id, domainB.id, "selling", {
      name: "Floow B",
      status: "live",
    });
    const targetB = { organizationId: orgB.id, domainId: domainB.id, floowId: floowB.id };
    const eventB = await seedEvent(db, targetB, "start", "2030-01-01T00:00:00.000Z");

    const asA = callerFor(server.app, member);
    const everything = await asA.event.recent({ limit: 100 });
    expect(everything.events.length).toBeGreaterThan(0);
    expect(
      everything.events.every((event) => event.floowId !== floowB.id && event.id !== eventB),
    ).toBe(true);
    expect(await asA.event.recent({ floowId: floowB.id })).toEqual({
      events: [],
      nextCursor: null,
    });
    expect(await asA.event.recent({ floowId: floowB.id, type: "start" })).toEqual({
      events: [],
      nextCursor: null,
    });

    const asB = await callerFor(server.app, adminB).event.recent();
    expect(idsOf(asB.events)).toEqual([eventB]);
  });

  /** A floow of its own, so the paging test counts only its events. */
  async function seedFloowTarget(): Promise<Target> {
    const floow = await seedFloow(db, shoes.organizationId, shoes.domainId, "selling", {
      name: "Paged",
      status: "live",
    });
    return { organizationId: shoes.organizationId, domainId: shoes.domainId, floowId: floow.id };
  }
});
