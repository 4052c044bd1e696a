import { createEventMessage } from "@floow/domain/events";
import { createId } from "@floow/domain/shared";
import { KLAVIYO_API_REVISION } from "@floow/domain/integration";
import { WEBHOOK_RETRY_SCHEDULE_MS } from "@floow/domain/webhook";
import type { FloowEventMessage, FloowEventType } from "@floow/domain/events";
import type { WebhookInput } from "@floow/domain/webhook";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import { createTestServer } from "../../../test/server";
import type { TestServer } from "../../../test/server";
import { addMember, createUser } from "../../../test/factories";
import { startTestSmtp } from "../../../test/mail";
import { startReceiver } from "../../../test/webhook-receiver";
import type { Receiver } from "../../../test/webhook-receiver";
import type { DB } from "../../db/database";
import { claimJob } from "../../db/queries/job";
import { upsertIntegration } from "../../db/queries/integration";
import { insertWebhook } from "../../db/queries/webhook";
import { storeEvents } from "../events/store-events";
import { createJobWorker } from "../jobs/worker";
import { createMailer } from "../mail";
import { webhookDisabledNotifier } from "./notify";
import { DISABLED_FAILING, DISABLED_GONE } from "./deliver";
import { deliveryMaintenance, registerWebhookJobs, runDueDeliveries } from "./jobs";
import { WEBHOOK_DELIVERY_JOB } from "./outbox";
import { createSecretBox } from "../integrations/secret-box";
import { generateWebhookSecret } from "./secrets";

const loopback = { fetch: { allowLoopback: true } } as const;
const box = createSecretBox("test-secret-test-secret-test-secret-0123");

/** A clock the tests move by hand. */
function fakeClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

describe.each(testDbKinds)("webhook delivery (%s)", (kind) => {
  let server: TestServer;
  let db: Kysely<DB>;
  let receiver: Receiver;
  let organizationId: string;
  let domainId: string;
  let floowId: string;
  let otherFloowId: string;

  beforeAll(async () => {
    server = await createTestServer(kind, { FETCH_ALLOW_LOOPBACK: "true" });
    db = server.app.database.db;
    organizationId = await seedOrganization(db, "Hooks");
    domainId = (await seedDomain(db, organizationId)).id;
    floowId = (await seedFloow(db, organizationId, domainId, "data", { status: "live" })).id;
    otherFloowId = (await seedFloow(db, organizationId, domainId, "data", { status: "live" })).id;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    receiver = await startReceiver();
    await db.deleteFrom("webhook").execute();
    await db.deleteFrom("integration").execute();
    await db.deleteFrom("job").execute();
  });
  afterEach(() => receiver.close());

  async function addWebhook(overrides: Partial<WebhookInput> = {}) {
    const secret = generateWebhookSecret();
    const webhook = await insertWebhook(
      db,
      organizationId,
      {
        id: createId(),
        domainId,
        floowId: null,
        name: "CRM",
        url: receiver.url,
        headers: { Authorization: "Bearer crm-token" },
        method: "POST",
        status: "active",
        events: ["finish", "form"],
        ...overrides,
      },
      secret,
    );
    receiver.secret = secret;
    return webhook!;
  }

  function message(
    type: FloowEventType,
    extra: Partial<FloowEventMessage> = {},
    floow = floowId,
  ): FloowEventMessage {
    return {
      ...createEventMessage(
        { organizationId, domainId, floowId: floow, sessionId: "session-1" },
        type,
      ),
      ...extra,
    };
  }
  const store = (...messages: FloowEventMessage[]) =>
    storeEvents(
      db,
      messages.map((m) => ({ organizationId, domainId, message: m })),
    );
  const deliveries = () =>
    db.selectFrom("webhook_delivery").selectAll().orderBy("created_at").execute();

  it("queues a delivery in the ingest's transaction for each new event a webhook wants, never for a resent one", async () => {
    await addWebhook();
    await addWebhook({ floowId: otherFloowId });
    await addWebhook({ status: "inactive" });
    const finish = message("finish");
    await store(finish, message("choice"), message("form"));
    await store(finish); // the runtime sent the same message again
    const rows = await deliveries();
    expect(rows.map((r) => r.event_type).sort()).toEqual(["finish", "form"]);
    const jobs = await db
      .selectFrom("job")
      .selectAll()
      .where("kind", "=", WEBHOOK_DELIVERY_JOB)
      .execute();
    expect(jobs.map((j) => j.key).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it("delivers through the job worker, signed so that the standardwebhooks library verifies it", async () => {
    const webhook = await addWebhook();
    receiver.behave = () => ({ status: 200, body: "x".repeat(5000) });
    const finish = message("finish");
    await store(finish);
    expect(await server.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request!.verifyError).toBeNull();
    expect(request!.verified).toEqual({
      type: "floow.finish",
      timestamp: finish.createdAt,
      data: finish,
    });
    expect(request!.method).toBe("POST");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers.authorization).toBe("Bearer crm-token");
    expect(request!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(request!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const [row] = await deliveries();
    expect(row).toMatchObject({
      webhook_id: webhook.id,
      status: "succeeded",
      attempts: 1,
      response_status: 200,
      error: null,
    });
    expect(row!.response_body).toHaveLength(1024);
    expect(row!.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("receiver down for an hour: every event arrives after it comes back, once per webhook-id", async () => {
    await addWebhook({ events: ["choice", "finish"] });
    let down = true;
    receiver.behave = () => (down ? "drop" : { status: 204 });
    await store(message("choice"), message("choice"), message("finish"));
    const clock = fakeClock();
    // Attempts at 0 s, 5 s, 5 min 5 s and 35 min 5 s all fail.
    for (const wait of [0, 5_000, 5 * 60_000, 30 * 60_000]) {
      clock.advance(wait);
      const outcomes = await runDueDeliveries(db, { ...loopback, now: clock.now });
      expect(outcomes.map((o) => o.outcome)).toEqual(["retry", "retry", "retry"]);
    }
    clock.advance(25 * 60_000); // an hour after the events: the receiver is back
    down = false;
    expect(await runDueDeliveries(db, { ...loopback, now: clock.now })).toEqual([]); // the next attempt waits for its time
    clock.advance(WEBHOOK_RETRY_SCHEDULE_MS[4] - 25 * 60_000);
    const outcomes = await runDueDeliveries(db, { ...loopback, now: clock.now });
    expect(outcomes.map((o) => o.outcome)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const delivered = receiver.requests.filter((r) => r.verified !== null && !down);
    const ids = new Set(receiver.requests.map((r) => r.headers["webhook-id"]));
    expect(ids.size).toBe(3);
    // Each message kept its webhook-id over the five attempts, and arrived (answered 2xx) once.
    expect(receiver.requests).toHaveLength(15);
    expect((await deliveries()).map((d) => [d.status, d.attempts])).toEqual([
      ["succeeded", 5],
      ["succeeded", 5],
      ["succeeded", 5],
    ]);
    expect(delivered.length).toBeGreaterThan(0);
    expect(
      await runDueDeliveries(db, {
        ...loopback,
        now: () => new Date(clock.now().getTime() + 86_400_000),
      }),
    ).toEqual([]);
  });

  it("delivers a new answer at once, without waiting for the worker's next poll", async () => {
    await addWebhook();
    const worker = createJobWorker(db, { pollMs: 600_000, tickMs: 600_000 });
    registerWebhookJobs(worker, db, loopback);
    try {
      // The worker's first look at the queue (at start) is over: only the ingest's word can wake it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const finish = message("finish");
      await store(finish);
      await vi.waitFor(() => expect(receiver.requests).toHaveLength(1), { timeout: 5_000 });
      expect(receiver.requests[0]!.verifyError).toBeNull();
      expect(receiver.requests[0]!.verified).toMatchObject({ type: "floow.finish", data: finish });
    } finally {
      await worker.stop();
    }
  });

  it("a worker killed mid-delivery: the delivery is made after the restart", async () => {
    await addWebhook();
    await store(message("finish"));
    // What a killed process leaves: its job running, the delivery pending, no heartbeat since.
    const claimed = await claimJob(db, "killed-worker", [WEBHOOK_DELIVERY_JOB]);
    expect(claimed?.kind).toBe(WEBHOOK_DELIVERY_JOB);
    await db
      .updateTable("job")
      .set({ locked_at: new Date(Date.now() - 10 * 60_000) })
      .where("id", "=", claimed!.id)
      .execute();
    const restarted = createJobWorker(db, {
      start: false,
      staleAfterMs: 60_000,
      tickMs: 0,
      pollMs: 10,
    });
    registerWebhookJobs(restarted, db, loopback);
    restarted.start();
    await vi.waitFor(async () => expect((await deliveries())[0]?.status).toBe("succeeded"), {
      timeout: 10_000,
    });
    await restarted.stop();
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.verifyError).toBeNull();
  });

  it("410 Gone disables the webhook and says why; it gets no more events", async () => {
    const webhook = await addWebhook();
    const disabled = vi.fn(async () => undefined);
    receiver.behave = () => ({ status: 410 });
    await store(message("finish"));
    await runDueDeliveries(db, { ...loopback, now: () => new Date(), onWebhookDisabled: disabled });
    const row = await db
      .selectFrom("webhook")
      .selectAll()
      .where("id", "=", webhook.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "inactive", disabled_reason: DISABLED_GONE });
    expect(disabled).toHaveBeenCalledTimes(1);
    expect((await deliveries())[0]).toMatchObject({
      status: "failed",
      response_status: 410,
      attempts: 1,
    });
    await store(message("finish"));
    expect(await deliveries()).toHaveLength(1);
  });

  it("the organization's admins get an e-mail when Floow disables a webhook", async () => {
    const smtp = await startTestSmtp();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: "Floow <no-reply@floow.test>",
      outboxDir: "/nonexistent",
    });
    try {
      const admin = await createUser(server.app, "Ada Admin");
      await addMember(server.app, organizationId, admin, "admin");
      const member = await createUser(server.app, "Max Member");
      await addMember(server.app, organizationId, member, "member");
      await addWebhook({ name: "Velo CRM" });
      receiver.behave = () => ({ status: 410 });
      await store(message("finish"));
      const notify = webhookDisabledNotifier(db, { mailer, publicUrl: "http://localhost:3000" });
      await runDueDeliveries(db, { ...loopback, now: () => new Date(), onWebhookDisabled: notify });
      const mail = await smtp.next(admin.email, 0);
      expect(mail.subject).toBe("Floow disabled the webhook Velo CRM");
      expect(mail.text).toContain(DISABLED_GONE);
      expect(mail.text).toContain("http://localhost:3000/domains/domain#implementation");
      expect(smtp.to(member.email)).toEqual([]);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it("429 with Retry-After: the next attempt waits as long as the receiver asks", async () => {
    await addWebhook();
    receiver.behave = () => ({ status: 429, headers: { "retry-after": "120" }, body: "slow down" });
    await store(message("finish"));
    const clock = fakeClock();
    const [outcome] = await runDueDeliveries(db, { ...loopback, now: clock.now });
    expect(outcome).toMatchObject({ outcome: "retry", responseStatus: 429 });
    expect((await deliveries())[0]!.next_attempt_at!.getTime()).toBe(
      clock.now().getTime() + 120_000,
    );
    clock.advance(119_000);
    expect(await runDueDeliveries(db, { ...loopback, now: clock.now })).toEqual([]);
    receiver.behave = () => ({ status: 200 });
    clock.advance(1_000);
    expect((await runDueDeliveries(db, { ...loopback, now: clock.now }))[0]?.outcome).toBe(
      "succeeded",
    );
  });

  it("a redirect to 127.0.0.1 is not followed, and an internal address is refused at connect time", async () => {
    const internal = await startReceiver();
    try {
      await addWebhook();
      receiver.behave = () => ({ status: 302, headers: { location: internal.url } });
      await store(message("finish"));
      const [outcome] = await runDueDeliveries(db, { ...loopback, now: () => new Date() });
      expect(outcome).toMatchObject({ outcome: "retry", responseStatus: 302 });
      expect((await deliveries())[0]!.error).toContain("Redirects are not followed");
      expect(internal.requests).toHaveLength(0);

      // Without the test-only loopback setting (production), 127.0.0.1 is never reached.
      await db.deleteFrom("webhook_delivery").execute();
      await store(message("finish"));
      const [refused] = await runDueDeliveries(db, { now: () => new Date() });
      expect(refused).toMatchObject({ outcome: "retry", responseStatus: null });
      expect((await deliveries())[0]!.error).toMatch(/internal|not allowed|refused/i);
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await internal.close();
    }
  });

  it("an endpoint that does not answer within the time limit is retried", async () => {
    await addWebhook();
    receiver.behave = () => "hang";
    await store(message("finish"));
    const [outcome] = await runDueDeliveries(db, {
      ...loopback,
      now: () => new Date(),
      timeoutMs: 300,
    });
    expect(outcome).toMatchObject({ outcome: "retry", responseStatus: null });
    expect((await deliveries())[0]!.error).toMatch(/longer than/);
  });

  it("an endpoint failing for 5 days is disabled, and the admins are told", async () => {
    const webhook = await addWebhook();
    const disabled = vi.fn(async () => undefined);
    receiver.behave = () => ({ status: 500 });
    await store(message("finish"));
    const clock = fakeClock();
    await runDueDeliveries(db, { ...loopback, now: clock.now, onWebhookDisabled: disabled });
    clock.advance(5 * 24 * 3_600_000);
    await store(message("finish"));
    await db.updateTable("webhook_delivery").set({ next_attempt_at: clock.now() }).execute();
    await runDueDeliveries(db, { ...loopback, now: clock.now, onWebhookDisabled: disabled });
    const row = await db
      .selectFrom("webhook")
      .selectAll()
      .where("id", "=", webhook.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "inactive", disabled_reason: DISABLED_FAILING });
    expect(disabled).toHaveBeenCalledWith(
      expect.objectContaining({ id: webhook.id }),
      DISABLED_FAILING,
    );
  });

  it("a success ends the endpoint's failing time, so the 5-day rule starts again", async () => {
    const webhook = await addWebhook();
    receiver.behave = () => ({ status: 500 });
    await store(message("finish"));
    const clock = fakeClock();
    await runDueDeliveries(db, { ...loopback, now: clock.now });
    const failing = () =>
      db
        .selectFrom("webhook")
        .select("failing_since")
        .where("id", "=", webhook.id)
        .executeTakeFirstOrThrow();
    expect((await failing()).failing_since).not.toBeNull();
    receiver.behave = () => ({ status: 200 });
    clock.advance(4 * 24 * 3_600_000);
    await db.updateTable("webhook_delivery").set({ next_attempt_at: clock.now() }).execute();
    await runDueDeliveries(db, { ...loopback, now: clock.now });
    expect((await failing()).failing_since).toBeNull();
    // Failing again two days later is two days of failing, not six: the webhook stays active.
    receiver.behave = () => ({ status: 500 });
    clock.advance(2 * 24 * 3_600_000);
    await store(message("finish"));
    await runDueDeliveries(db, { ...loopback, now: clock.now });
    const row = await db
      .selectFrom("webhook")
      .select(["status", "failing_since"])
      .where("id", "=", webhook.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("active");
    expect(row.failing_since).not.toBeNull();
  });

  it("after the last attempt of the schedule a delivery fails for good", async () => {
    await addWebhook();
    receiver.behave = () => ({ status: 503 });
    await store(message("finish"));
    const clock = fakeClock();
    for (let attempt = 0; attempt < WEBHOOK_RETRY_SCHEDULE_MS.length; attempt++) {
      clock.advance(WEBHOOK_RETRY_SCHEDULE_MS[attempt]!);
      // Keep the endpoint out of the 5-day rule: a success elsewhere would reset it too.
      await db.updateTable("webhook").set({ failing_since: null }).execute();
      await runDueDeliveries(db, { ...loopback, now: clock.now });
    }
    expect((await deliveries())[0]).toMatchObject({
      status: "failed",
      attempts: 10,
      next_attempt_at: null,
    });
  });

  it("keeps the log 30 days", async () => {
    await addWebhook();
    await store(message("finish"));
    await runDueDeliveries(db, { ...loopback, now: () => new Date() });
    await deliveryMaintenance(db, new Date(Date.now() + 29 * 86_400_000));
    expect(await deliveries()).toHaveLength(1);
    await deliveryMaintenance(db, new Date(Date.now() + 31 * 86_400_000));
    expect(await deliveries()).toHaveLength(0);
  });

  it("sends a domain's answers to Klaviyo's Events API with the current revision, the activation keys and the shopper's e-mail", async () => {
    const privateKey = "pk_test_0123456789abcdef";
    await upsertIntegration(db, organizationId, {
      id: createId(),
      domainId,
      integrationConfigurationId: "klaviyo",
      key: { encrypted: box.seal(privateKey), hint: "pk_…cdef" },
    });
    receiver.behave = (request) => {
      // The fake Klaviyo checks the request shape as Klaviyo's API does.
      const body = JSON.parse(request.body) as {
        data?: { type?: string; attributes?: Record<string, unknown> };
      };
      const ok =
        request.path === "/api/events" &&
        request.headers.authorization === `Klaviyo-API-Key ${privateKey}` &&
        request.headers.revision === KLAVIYO_API_REVISION &&
        request.headers["content-type"] === "application/vnd.api+json" &&
        body.data?.type === "event" &&
        typeof body.data.attributes?.properties === "object";
      return ok ? { status: 202 } : { status: 400, body: '{"errors":[{"code":"invalid"}]}' };
    };
    const form = message("form", {
      formInputs: [
        { id: "i1", type: "email", text: "E-mail", value: "ann@example.com" },
        { id: "i2", type: "text", text: "Name", value: "Ann" },
      ],
    });
    const choice = message("choice", {
      step: { id: "s1", text: "Skin type?", activation: { key: "skin_type", type: "single" } },
      choices: [
        { id: "c1", text: "Dry", selected: true, activation: { key: "dry", type: "single" } },
        { id: "c2", text: "Oily", selected: false, activation: { key: "oily", type: "single" } },
      ],
    });
    await store(form);
    await store(choice, message("mount"));
    const outcomes = await runDueDeliveries(db, {
      now: () => new Date(),
      fetch: { allowLoopback: true },
      secretBox: box,
      integrationBaseUrls: { klaviyo: `http://127.0.0.1:${receiver.port}` },
    });
    expect(outcomes.map((o) => o.outcome)).toEqual(["succeeded", "succeeded"]);
    const bodies = receiver.requests.map(
      (r) => JSON.parse(r.body) as { data: { attributes: Record<string, unknown> } },
    );
    expect(bodies[0]!.data.attributes).toMatchObject({
      metric: { data: { type: "metric", attributes: { name: "Floow form" } } },
      profile: { data: { type: "profile", attributes: { email: "ann@example.com" } } },
      properties: { Name: "Ann", floow_id: floowId },
      time: form.createdAt,
    });
    // The choice names no e-mail: the profile is the one the same session's form gave.
    expect(bodies[1]!.data.attributes).toMatchObject({
      metric: { data: { attributes: { name: "Floow choice" } } },
      profile: { data: { attributes: { email: "ann@example.com" } } },
      properties: { skin_type: "dry", question: "Skin type?" },
    });
    expect(bodies[1]!.data.attributes.unique_id).toEqual(expect.any(String));
  });
});
