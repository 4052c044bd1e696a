import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { seedDomain, seedFeed, seedFloow, seedOrganization } from "../../../test/floows";
import { createDb } from "../client";
import { migrateToLatest } from "../migrate";
import { migrations } from "./index";

describe("20261122240000_floow_feed", () => {
  it("clears feed ids that name no feed, then keeps them pointing at feeds", async () => {
    const { db, close } = await createDb({});
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo("20261122230000_feeds");
      expect(error).toBeUndefined();
      const orgId = await seedOrganization(db);
      const domainId = (await seedDomain(db, orgId)).id;
      const feedId = await seedFeed(db, orgId);
      const orphan = await seedFloow(db, orgId, domainId, "selling", { feedId: "gone-feed" });
      const kept = await seedFloow(db, orgId, domainId, "selling", { feedId });

      await migrateToLatest(db);
      const feedOf = async (id: string) =>
        (
          await db
            .selectFrom("floow")
            .select("feed_id")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).feed_id;
      expect(await feedOf(orphan.id)).toBeNull();
      expect(await feedOf(kept.id)).toBe(feedId);
      await expect(
        seedFloow(db, orgId, domainId, "selling", { feedId: "still-gone" }),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
