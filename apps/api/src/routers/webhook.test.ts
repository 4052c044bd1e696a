import { createId } from "@floow/domain/shared";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedDomain, seedFloow } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { startReceiver } from "../../test/webhook-receiver";
import type { Receiver } from "../../test/webhook-receiver";
import type { DB } from "../db/database";
import { createSecretBox } from "../services/webhooks";
import { appRouter } from "../trpc/app-router";
import { createInnerContext } from "../trpc/context";
import { createCallerFactory } from "../trpc/init";

const createCaller = createCallerFactory(appRouter);

describe.each(testDbKinds)("webhook and integration routers (%s)", (kind) => {
  let server: TestServer;
  let db: Kysely<DB>;
  let receiver: Receiver;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let domainId: string;
  let floowId: string;
  let orgId: string;
  let strangerDomainId: string;

  /** A caller as the user, with the test-only loopback setting (the receiver is on 127.0.0.1). */
  const as = (user: TestUser) =>
    createCaller(
      createInnerContext({
        db,
        auth: server.app.auth,
        session: user.session,
        clientKey: "test",
        fetch: { allowLoopback: true },
      }),
    );
  const input = (overrides: Record<string, unknown> = {}) => ({
    id: createId(),
    domainId,
    name: "CRM",
    url: receiver.url,
    ...overrides,
  });

  beforeAll(async () => {
    server = await createTestServer(kind);
    db = server.app.database.db;
    receiver = await startReceiver();
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Hooks Co");
    orgId = org.id;
    member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    stranger = await createUser(server.app, "Sam Stranger");
    const otherOrg = await createOrganization(server.app, stranger, "Other Co");
    domainId = (await seedDomain(db, org.id)).id;
    floowId = (await seedFloow(db, org.id, domainId, "data")).id;
    strangerDomainId = (await seedDomain(db, otherOrg.id)).id;
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  it("an admin creates a webhook: POST, active, finish and form by default, its whsec_ secret in that answer only", async () => {
    const { webhook, secret } = await as(admin).webhook.create(input());
    expect(webhook).toMatchObject({
      method: "POST",
      status: "active",
      events: ["finish", "form"],
      floowId: null,
      secret: "",
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    for (const list of [
      await as(admin).webhook.list(),
      await as(member).webhook.list(),
      (await as(member).user.get()).webhooks,
    ]) {
      expect(JSON.stringify(list)).not.toContain(secret);
    }
    expect((await as(member).webhook.list()).map((w) => w.id)).toContain(webhook.id);
  });

  it("saves, rotates and deletes; a member may only look", async () => {
    const { webhook, secret } = await as(admin).webhook.create(
      input({ floowId, events: ["choice"], headers: { "X-Shop": "1" } }),
    );
    const updated = await as(admin).webhook.update({
      ...input({ id: webhook.id, method: "PUT", status: "inactive", events: ["close"] }),
    });
    expect(updated).toMatchObject({
      method: "PUT",
      status: "inactive",
      events: ["close"],
      floowId: null,
    });
    const { secret: rotated } = await as(admin).webhook.rotateSecret({ id: webhook.id });
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    for (const call of [
      () => as(member).webhook.create(input()),
      () => as(member).webhook.update(input({ id: webhook.id })),
      () => as(member).webhook.remove({ id: webhook.id }),
      () => as(member).webhook.rotateSecret({ id: webhook.id }),
      () => as(member).webhook.sendTest({ id: webhook.id }),
      () => as(member).integration.create({ domainId, privateKey: "pk_abcdef123456" }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await as(admin).webhook.remove({ id: webhook.id })).toEqual({ id: webhook.id });
    await expect(as(admin).webhook.remove({ id: webhook.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("a webhook for one floow stops when that floow is deleted, saying why (it never widens to every floow)", async () => {
    const only = (await seedFloow(db, orgId, domainId, "data")).id;
    const { webhook } = await as(admin).webhook.create(input({ floowId: only }));
    await as(admin).floow.remove({ id: only });
    const [after] = (await as(admin).webhook.list()).filter((w) => w.id === webhook.id);
    expect(after).toMatchObject({ status: "inactive", disabledReason: "Its floow was deleted." });
  });

  it("bad input is a BAD_REQUEST naming the field, and nothing is saved", async () => {
    const before = (await as(admin).webhook.list()).length;
    const error = await as(admin)
      .webhook.create(
        input({
          name: " ",
          url: "ftp://x",
          events: [],
          headers: { "Webhook-Signature": "forged" },
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    const text = JSON.stringify(error);
    for (const message of [
      "This field is required",
      "Website should be valid",
      "Please select at least one event.",
      "This header is set by Floow.",
    ]) {
      expect(text).toContain(message);
    }
    await expect(
      as(admin).webhook.create({ ...input(), method: "GET" as never }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await as(admin).webhook.list()).toHaveLength(before);
  });

  it("another organization's webhooks, domains, floows and deliveries are NOT_FOUND", async () => {
    const { webhook } = await as(admin).webhook.create(input());
    const test = await as(admin).webhook.sendTest({ id: webhook.id });
    const theirs = as(stranger);
    for (const call of [
      () => theirs.webhook.update(input({ id: webhook.id, domainId: strangerDomainId })),
      () => theirs.webhook.remove({ id: webhook.id }),
      () => theirs.webhook.rotateSecret({ id: webhook.id }),
      () => theirs.webhook.sendTest({ id: webhook.id }),
      () => theirs.webhook.deliveries({ webhookId: webhook.id }),
      () => theirs.webhook.replay({ id: test.id }),
      () => theirs.webhook.create(input({ domainId, id: createId() })),
      () => as(admin).webhook.create(input({ domainId: strangerDomainId })),
      () => theirs.integration.create({ domainId, privateKey: "pk_abcdef123456" }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await theirs.webhook.list()).toEqual([]);
  });

  it("Send test event and Replay: a signed request to the receiver, logged with status, attempts, latency and the answer", async () => {
    const { webhook, secret } = await as(admin).webhook.create(input({ name: "Test me" }));
    receiver.secret = secret;
    receiver.behave = () => ({ status: 200, body: '{"received":true}' });
    const sent = receiver.requests.length;
    const test = await as(admin).webhook.sendTest({ id: webhook.id });
    expect(test).toMatchObject({
      status: "succeeded",
      responseStatus: 200,
      attempts: 1,
      test: true,
      responseBody: '{"received":true}',
    });
    expect(receiver.requests[sent]!.verifyError).toBeNull();
    expect(receiver.requests[sent]!.verified).toMatchObject({
      type: "floow.test",
      data: { type: "finish" },
    });
    const replay = await as(admin).webhook.replay({ id: test.id });
    expect(replay).toMatchObject({
      status: "succeeded",
      replayOf: test.id,
      messageId: test.messageId,
    });
    expect(receiver.requests[sent + 1]!.headers["webhook-id"]).toBe(test.messageId);
    const log = await as(member).webhook.deliveries({ webhookId: webhook.id });
    expect(log.deliveries.map((d) => d.id)).toEqual([replay.id, test.id]);
    expect(log.deliveries[0]!.latencyMs).toEqual(expect.any(Number));
    const page = await as(member).webhook.deliveries({ webhookId: webhook.id, limit: 1 });
    expect(page.deliveries.map((d) => d.id)).toEqual([replay.id]);
    const next = await as(member).webhook.deliveries({
      webhookId: webhook.id,
      limit: 1,
      before: page.nextCursor!,
    });
    expect(next.deliveries.map((d) => d.id)).toEqual([test.id]);
    receiver.behave = () => ({ status: 500, body: "boom" });
    expect(await as(admin).webhook.sendTest({ id: webhook.id })).toMatchObject({
      status: "failed",
      responseStatus: 500,
      responseBody: "boom",
    });
  });

  it("Klaviyo: the private key is stored encrypted and never sent back; one integration per domain", async () => {
    const key = "pk_live_secretkey1234";
    await expect(as(admin).integration.create({ domainId })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      as(admin).integration.create({ domainId, privateKey: "sk_nope" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const saved = await as(admin).integration.create({ domainId, privateKey: key });
    expect(saved).toMatchObject({
      domainId,
      integrationConfigurationId: "klaviyo",
      keyHint: "pk_…1234",
    });
    const again = await as(admin).integration.create({ domainId });
    expect(again.id).toBe(saved.id);
    for (const answer of [
      saved,
      again,
      await as(member).integration.list(),
      (await as(member).user.get()).integrations,
    ]) {
      expect(JSON.stringify(answer)).not.toContain(key);
    }
    const row = await db
      .selectFrom("integration")
      .selectAll()
      .where("id", "=", saved.id)
      .executeTakeFirstOrThrow();
    expect(row.encrypted_key).not.toContain(key);
    expect(createSecretBox(server.app.auth.options.secret).open(row.encrypted_key!)).toBe(key);
    expect(await as(admin).integration.remove({ id: saved.id })).toEqual({ id: saved.id });
    expect(await as(member).integration.list()).toEqual([]);
  });
});
