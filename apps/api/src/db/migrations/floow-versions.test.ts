import { createChoice, createFloow, createStep } from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import { Migrator } from "kysely";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { seedDomain, seedOrganization } from "../../../test/floows";
import { createDb } from "../client";
import type { DB } from "../database";
import { migrateToLatest } from "../migrate";
import { configOf, findFloow } from "../queries/floow";
import { contentDiffers, findLiveFloow, listLiveFloows } from "../queries/floow-version";
import { migrations } from "./index";

/** A floow row as it was stored before versions existed (no live_version column yet). */
async function oldFloow(db: Kysely<DB>, floow: Floow): Promise<void> {
  await db
    .insertInto("floow")
    .values({
      id: floow.id,
      organization_id: floow.organizationId,
      domain_id: floow.domainId,
      feed_id: null,
      user_id: null,
      type: floow.type,
      status: floow.status,
      language: floow.language,
      name: floow.name,
      config: configOf(floow),
      created_at: floow.createdAt,
      updated_at: floow.updatedAt,
    })
    .execute();
}

describe("20261125230000_floow_versions", () => {
  it("turns each live floow into its version 1, nothing lost; development floows get none", async () => {
    const { db, close } = await createDb({});
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo("20261124002600_event_session_export");
      expect(error).toBeUndefined();
      const organizationId = await seedOrganization(db);
      const domainId = (await seedDomain(db, organizationId)).id;
      const step = createStep({ text: "Which bike?", choices: [createChoice({ text: "Road" })] });
      const live = createFloow("selling", {
        organizationId,
        domainId,
        name: "Bikes",
        status: "live",
        language: "nl",
        steps: [step],
      });
      const draft = createFloow("data", { organizationId, domainId, name: "Survey" });
      await oldFloow(db, live);
      await oldFloow(db, draft);

      await migrateToLatest(db);
      const versions = await db.selectFrom("floow_version").selectAll().execute();
      expect(
        versions.map((row) => [row.floow_id, row.number, row.domain_id, row.published_by]),
      ).toEqual([[live.id, 1, domainId, null]]);
      expect(
        await db.selectFrom("floow").select(["id", "live_version"]).orderBy("name").execute(),
      ).toEqual([
        { id: live.id, live_version: 1 },
        { id: draft.id, live_version: null },
      ]);

      const served = await findLiveFloow(db, live.id);
      expect(served).toMatchObject({
        id: live.id,
        name: "Bikes",
        language: "nl",
        floowVersion: 1,
        steps: [step],
      });
      expect((await listLiveFloows(db, domainId)).map((floow) => floow.id)).toEqual([live.id]);
      expect(await findLiveFloow(db, draft.id)).toBeNull();
      // The draft equals its version 1: nothing to publish.
      const stored = await findFloow(db, organizationId, live.id);
      expect(stored && contentDiffers(stored, versions[0]!.snapshot)).toBe(false);
    } finally {
      await close();
    }
  });
});
