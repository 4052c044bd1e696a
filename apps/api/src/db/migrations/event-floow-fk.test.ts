import { createEventMessage } from "@floow/domain/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import { storeEvents } from "../../services/events/store-events";
import type { DbHandle } from "../client";
import { deleteDomain } from "../queries/domain";
import type { EventToStore } from "../queries/event";
import { deleteFloow } from "../queries/floow";

// `event` has no foreign key to `floow` (migration 20261126213000): a trigger deletes a floow's
// events, and the ingest stores no event of a floow that does not exist.
describe.each(testDbKinds)("events without a foreign key to their floow (%s)", (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb(kind);
  });
  afterAll(() => database.close());

  async function seedLive() {
    const db = database.db;
    const organizationId = await seedOrganization(db);
    const domainId = (await seedDomain(db, organizationId)).id;
    const floowId = (await seedFloow(db, organizationId, domainId, "selling", { status: "live" }))
      .id;
    return { organizationId, domainId, floowId };
  }
  const events = (
    floow: { organizationId: string; domainId: string; floowId: string },
    count = 3,
  ): EventToStore[] =>
    Array.from({ length: count }, () => ({
      organizationId: floow.organizationId,
      domainId: floow.domainId,
      message: createEventMessage({ ...floow, sessionId: "session" }, "mount"),
    }));
  const countOf = async (floowId: string) =>
    Number(
      (
        await database.db
          .selectFrom("event")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("floow_id", "=", floowId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("deletes a floow's events with the floow, and only its own", async () => {
    const kept = await seedLive();
    const gone = await seedLive();
    await storeEvents(database.db, [...events(kept), ...events(gone)]);
    expect(await deleteFloow(database.db, gone.organizationId, gone.floowId)).toBe(true);
    expect(await countOf(gone.floowId)).toBe(0);
    expect(await countOf(kept.floowId)).toBe(3);
  });

  it("deletes the events of a deleted domain's and organization's floows", async () => {
    const byDomain = await seedLive();
    const byOrganization = await seedLive();
    await storeEvents(database.db, [...events(byDomain), ...events(byOrganization)]);
    expect(await deleteDomain(database.db, byDomain.organizationId, byDomain.domainId)).toBe(true);
    expect(await countOf(byDomain.floowId)).toBe(0);
    await database.db
      .deleteFrom("organization")
      .where("id", "=", byOrganization.organizationId)
      .execute();
    expect(await countOf(byOrganization.floowId)).toBe(0);
  });

  it("stores no event of a floow that does not exist, and the group's others", async () => {
    const live = await seedLive();
    const missing = { ...live, floowId: "no-such-floow" };
    const stored = await storeEvents(database.db, [...events(missing, 2), ...events(live, 2)]);
    expect(stored.map((event) => event.message.floowId)).toEqual([live.floowId, live.floowId]);
    expect(await countOf(missing.floowId)).toBe(0);
    expect(await countOf(live.floowId)).toBe(2);
  });

  it.runIf(kind === "postgres")(
    "a floow deleted while a group is being stored waits for it, then deletes its events",
    async () => {
      const floow = await seedLive();
      // The session exists already: the group updates its rollup row rather than inserting one.
      await storeEvents(database.db, events(floow, 1));
      let deleted: Promise<boolean> | undefined;
      let deletedYet = false;
      await database.db.transaction().execute(async (trx) => {
        await storeEvents(trx, events(floow));
        // Another connection: it waits for the group's lock of the floow row.
        deleted = deleteFloow(database.db, floow.organizationId, floow.floowId);
        void deleted.then(() => (deletedYet = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(deletedYet).toBe(false);
      });
      expect(await deleted).toBe(true);
      expect(await countOf(floow.floowId)).toBe(0);
    },
  );
});
