import { createEventMessage } from "@floow/domain/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../../db/client";
import type { EventToStore } from "../../db/queries/event";
import { createEventIngest } from "./ingest";
import { storeEvents } from "./store-events";

describe.each(testDbKinds)("events ingest (%s)", (kind) => {
  let database: DbHandle;
  let orgId: string;
  let domainId: string;
  let floowId: string;

  beforeAll(async () => {
    database = await createTestDb(kind);
    orgId = await seedOrganization(database.db);
    domainId = (await seedDomain(database.db, orgId)).id;
    floowId = (await seedFloow(database.db, orgId, domainId, "selling", { status: "live" })).id;
  });
  afterAll(async () => {
    await database.close();
  });

  const choice = (sessionId: string, step: string, pick: string): EventToStore => ({
    organizationId: orgId,
    domainId,
    message: createEventMessage({ organizationId: orgId, domainId, floowId, sessionId }, "choice", {
      step: { id: step, text: `Question ${step}` },
      choices: [{ id: pick, text: `Answer ${pick}`, selected: true }],
    }),
  });

  // Two writes at once (the server's default) touch the same sessions, steps and daily counters
  // in different orders: both must be stored in full, without a deadlock between them.
  it("stores many requests written at once, each event once, with the same sessions and counters", async () => {
    const ingest = createEventIngest(database.db, { writers: 2, maxBatch: 40 });
    const sessions = ["a", "b", "c", "d", "e", "f"];
    const requests = Array.from({ length: 60 }, (_, index) => {
      // Each request answers the steps in another order, across the sessions in another order.
      const order = index % 2 === 0 ? sessions : [...sessions].reverse();
      return order.flatMap((session) => [
        choice(session, `s${index % 3}`, `c${index % 2}`),
        choice(session, `s${(index + 1) % 3}`, "c1"),
      ]);
    });
    const accepted = requests.map((events) => ingest.add(events));
    expect(accepted.every((promise) => promise !== false)).toBe(true);
    await Promise.all(accepted);
    await ingest.flush();
    expect(ingest.queued).toBe(0);

    const stored = await database.db
      .selectFrom("event")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("floow_id", "=", floowId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(60 * sessions.length * 2);
    const rollup = await database.db
      .selectFrom("event_session")
      .select(["session_id", "answers"])
      .where("floow_id", "=", floowId)
      .orderBy("session_id")
      .execute();
    expect(rollup).toEqual(sessions.map((session) => ({ session_id: session, answers: 120 })));
    // Each session answered every step and both choices: counted once per session.
    const steps = await database.db
      .selectFrom("event_daily_item")
      .select(["kind", "item", "count"])
      .where("floow_id", "=", floowId)
      .where("kind", "in", ["step", "choice"])
      .orderBy("kind")
      .orderBy("item")
      .execute();
    expect(steps.map((row) => [row.kind, row.item, Number(row.count)])).toEqual([
      ["choice", "c0", 6],
      ["choice", "c1", 6],
      ["step", "s0", 6],
      ["step", "s1", 6],
      ["step", "s2", 6],
    ]);
  });

  // A resent request can share a write with the session's next one: only the new events count.
  it("counts only the newly stored events of a write that holds resent ones", async () => {
    const first = [choice("r", "s0", "c0"), choice("r", "s1", "c0")];
    expect(await storeEvents(database.db, first)).toHaveLength(2);
    const next = [choice("r", "s1", "c1"), choice("r", "s2", "c1")];
    const stored = await storeEvents(database.db, [...first, ...next]);
    expect(stored.map((event) => event.message.id)).toEqual(next.map((event) => event.message.id));

    const session = await database.db
      .selectFrom("event_session")
      .select(["answers", "last_step_id"])
      .where("floow_id", "=", floowId)
      .where("session_id", "=", "r")
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ answers: 4, last_step_id: "s2" });
    const items = await database.db
      .selectFrom("event_session_item")
      .select(["kind", "item"])
      .where("floow_id", "=", floowId)
      .where("session_id", "=", "r")
      .orderBy("kind")
      .orderBy("item")
      .execute();
    expect(items.map((row) => `${row.kind}:${row.item}`)).toEqual([
      "choice:c0",
      "choice:c1",
      "step:s0",
      "step:s1",
      "step:s2",
    ]);
  });

  it("refuses events beyond what may wait, and flush waits for every write", async () => {
    const ingest = createEventIngest(database.db, { maxQueued: 3 });
    const first = ingest.add([choice("q", "s0", "c0"), choice("q", "s1", "c0")]);
    expect(ingest.add([choice("q", "s2", "c0"), choice("q", "s0", "c1")])).toBe(false);
    expect(ingest.queued).toBe(2);
    await ingest.flush();
    expect(ingest.queued).toBe(0);
    await first;
  });
});
