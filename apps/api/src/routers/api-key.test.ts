import { createHash } from "node:crypto";
import { fieldErrorsFrom } from "@floow/domain/errors";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import type { DB } from "../db/database";
import { appRouter } from "../trpc/app-router";
import { createInnerContext } from "../trpc/context";
import { createCallerFactory } from "../trpc/init";

const createCaller = createCallerFactory(appRouter);

describe.each(testDbKinds)("apiKey router (%s)", (kind) => {
  let server: TestServer;
  let db: Kysely<DB>;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  const as = (user: TestUser) =>
    createCaller(
      createInnerContext({ db, auth: server.app.auth, session: user.session, clientKey: "test" }),
    );

  beforeAll(async () => {
    server = await createTestServer(kind);
    db = server.app.database.db;
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Keys Co");
    member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    stranger = await createUser(server.app, "Sam Stranger");
    await createOrganization(server.app, stranger, "Other Co");
  });
  afterAll(() => server.close());

  it("a name and at least one known scope are required: 400 naming the field", async () => {
    const fieldsOf = async (input: { name: string; scopes: string[] }) => {
      const error = await as(admin)
        .apiKey.create(input as Parameters<ReturnType<typeof as>["apiKey"]["create"]>[0])
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      return fieldErrorsFrom((error as Error).cause);
    };
    expect(await fieldsOf({ name: " ", scopes: ["floows:read"] })).toEqual([
      { path: ["name"], message: "This field is required" },
    ]);
    expect(await fieldsOf({ name: "X", scopes: [] })).toEqual([
      { path: ["scopes"], message: "Please pick at least one scope." },
    ]);
    expect((await fieldsOf({ name: "X", scopes: ["everything"] }))[0]?.path).toEqual(["scopes", 0]);
    expect(await as(admin).apiKey.list()).toEqual([]);
  });

  it("an admin creates a key: the whole key once, only its SHA-256 and prefix stored, scopes in the list's order", async () => {
    const { apiKey, key } = await as(admin).apiKey.create({
      name: "  Warehouse  ",
      scopes: ["events:read", "conversions:write"],
    });
    expect(key).toMatch(/^flw_live_[A-Za-z0-9_-]{32}$/);
    expect(apiKey).toMatchObject({
      name: "Warehouse",
      prefix: key.slice(0, 13),
      scopes: ["conversions:write", "events:read"],
      lastUsedAt: null,
      revokedAt: null,
      createdBy: admin.id,
    });
    const row = await db
      .selectFrom("api_key")
      .selectAll()
      .where("id", "=", apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key.slice(13));

    const list = await as(admin).apiKey.list();
    expect(list.map((k) => k.id)).toContain(apiKey.id);
    expect(JSON.stringify(list)).not.toContain(key);
  });

  it("revoke stamps the key (once) and lists it after the active ones", async () => {
    const first = (await as(admin).apiKey.create({ name: "Old", scopes: ["floows:read"] })).apiKey;
    const second = (await as(admin).apiKey.create({ name: "New", scopes: ["floows:read"] })).apiKey;
    const revoked = await as(admin).apiKey.revoke({ id: first.id });
    expect(revoked.revokedAt).not.toBeNull();
    const again = await as(admin).apiKey.revoke({ id: first.id });
    expect(again.revokedAt).toBe(revoked.revokedAt);
    const list = await as(admin).apiKey.list();
    expect(list.findIndex((k) => k.id === second.id)).toBeLessThan(
      list.findIndex((k) => k.id === first.id),
    );
  });

  it("members cannot list, create or revoke keys", async () => {
    await expect(as(member).apiKey.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      as(member).apiKey.create({ name: "Mine", scopes: ["floows:read"] }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("another organization's key is not found and stays active; their list holds none of ours", async () => {
    const { apiKey } = await as(admin).apiKey.create({ name: "Ours", scopes: ["floows:read"] });
    await expect(as(stranger).apiKey.revoke({ id: apiKey.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const row = await db
      .selectFrom("api_key")
      .select("revoked_at")
      .where("id", "=", apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
    expect(await as(stranger).apiKey.list()).toEqual([]);
  });
});
