import { createChoice, createFormInput, createStep } from "@floow/domain/floow";
import { createEventMessage } from "@floow/domain/events";
import { createId } from "@floow/domain/shared";
import type { FloowEventMessage } from "@floow/domain/events";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import { createTestServer } from "../../../test/server";
import type { TestServer } from "../../../test/server";
import { startReceiver } from "../../../test/webhook-receiver";
import type { Receiver } from "../../../test/webhook-receiver";
import type { DB } from "../../db/database";
import { upsertIntegration } from "../../db/queries/integration";
import { insertWebhook } from "../../db/queries/webhook";
import { runDueDeliveries } from "../webhooks/jobs";
import { createSecretBox } from "../integrations/secret-box";
import { generateWebhookSecret } from "../webhooks/secrets";
import { trustedMessage, versionIds } from "./trusted-message";

const steps = [
  createStep({
    id: "s1",
    text: "Skin type?",
    choices: [createChoice({ id: "c1", text: "Dry" }), createChoice({ id: "c2", text: "Oily" })],
  }),
  createStep({
    id: "f1",
    type: "form",
    formInputs: [createFormInput({ id: "i1", type: "email", label: "E-mail" })],
  }),
];

describe("trustedMessage", () => {
  const found = {
    organizationId: "org-real",
    domainId: "domain-real",
    floowId: "floow-1",
    floowVersion: 2,
    ids: versionIds({ steps }),
  };
  const context = {
    organizationId: "org-claimed",
    domainId: "domain-claimed",
    floowId: "floow-1",
    floowVersion: 2,
    sessionId: "s",
  };

  it("writes the server's organization, domain, floow and version over what the sender claimed", () => {
    const message = createEventMessage(context, "choice", {
      step: { id: "s1", text: "Skin type?" },
      choices: [{ id: "c1", text: "Dry", selected: true }],
    });
    expect(trustedMessage(message, found)).toEqual({
      ...message,
      organizationId: "org-real",
      domainId: "domain-real",
    });
    const { floowVersion: _v, ...unversioned } = message;
    const kept = trustedMessage(unversioned, { ...found, floowVersion: undefined });
    expect(kept).not.toHaveProperty("floowVersion");
  });

  it("refuses a message naming a step, a choice or a form input its version does not have", () => {
    const cases: Partial<FloowEventMessage>[] = [
      { step: { id: "s9", text: "" } },
      { step: { id: "s1", text: "" }, choices: [{ id: "c9", text: "", selected: true }] },
      // A choice of the version, but not of the step named.
      { step: { id: "f1", text: "" }, choices: [{ id: "c1", text: "", selected: true }] },
      { formInputs: [{ id: "i9", type: "text", text: "", value: "x" }] },
    ];
    for (const payload of cases)
      expect(trustedMessage(createEventMessage(context, "choice", payload), found)).toBeNull();
    // A finish names the chosen choices and the inputs of the whole path, without a step.
    const finish = createEventMessage(context, "finish", {
      choices: [{ id: "c2", text: "Oily", selected: true }],
      formInputs: [{ id: "i1", type: "email", text: "E-mail", value: "ann@example.com" }],
    });
    expect(trustedMessage(finish, found)).toMatchObject({ organizationId: "org-real" });
  });
});

describe.each(testDbKinds)(
  "a spoofed organizationId or domainId never reaches a stored message, a webhook or Klaviyo (%s)",
  (kind) => {
    const box = createSecretBox("test-secret-test-secret-test-secret-0123");
    const privateKey = "pk_test_0123456789abcdef";
    let server: TestServer;
    let db: Kysely<DB>;
    let hooks: Receiver;
    let victimHooks: Receiver;
    let klaviyo: Receiver;
    let orgId: string;
    let domainId: string;
    let floowId: string;
    let victimOrgId: string;
    let victimDomainId: string;

    beforeAll(async () => {
      server = await createTestServer(kind, { FETCH_ALLOW_LOOPBACK: "true" });
      db = server.app.database.db;
      orgId = await seedOrganization(db, "Shop");
      domainId = (await seedDomain(db, orgId)).id;
      floowId = (await seedFloow(db, orgId, domainId, "data", { status: "live", steps })).id;
      // Another merchant, whose ids the sender writes into its messages.
      victimOrgId = await seedOrganization(db, "Victim");
      victimDomainId = (await seedDomain(db, victimOrgId, { host: "www.victim.example" })).id;
    });
    afterAll(() => server.close());
    beforeEach(async () => {
      [hooks, victimHooks, klaviyo] = await Promise.all([
        startReceiver(),
        startReceiver(),
        startReceiver(),
      ]);
      klaviyo.behave = () => ({ status: 202 });
      for (const [organizationId, domain, receiver] of [
        [orgId, domainId, hooks],
        [victimOrgId, victimDomainId, victimHooks],
      ] as const) {
        const secret = generateWebhookSecret();
        await insertWebhook(
          db,
          organizationId,
          {
            id: createId(),
            domainId: domain,
            floowId: null,
            name: "CRM",
            url: receiver.url,
            headers: {},
            method: "POST",
            status: "active",
            events: [],
          },
          secret,
        );
        receiver.secret = secret;
        await upsertIntegration(db, organizationId, {
          id: createId(),
          domainId: domain,
          integrationConfigurationId: "klaviyo",
          key: { encrypted: box.seal(privateKey), hint: "pk_…cdef" },
        });
      }
    });
    afterEach(async () => {
      await Promise.all([hooks.close(), victimHooks.close(), klaviyo.close()]);
      await db.deleteFrom("webhook_delivery").execute();
      await db.deleteFrom("webhook").execute();
      await db.deleteFrom("integration").execute();
    });

    const post = (events: unknown[]) =>
      server.app.inject({
        method: "POST",
        url: "/api/public/events",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ events }),
      });
    const deliver = () =>
      runDueDeliveries(db, {
        now: () => new Date(),
        fetch: { allowLoopback: true },
        secretBox: box,
        integrationBaseUrls: { klaviyo: `http://127.0.0.1:${klaviyo.port}` },
      });

    it("stores, signs and sends the floow's own ids; the shopper's answers as sent", async () => {
      const spoofed = {
        organizationId: victimOrgId,
        domainId: victimDomainId,
        floowId,
        floowVersion: 1,
        sessionId: "session-spoof",
      };
      const form = createEventMessage(spoofed, "form", {
        step: { id: "f1", text: "E-mail" },
        formInputs: [{ id: "i1", type: "email", text: "E-mail", value: "ann@example.com" }],
      });
      const choice = createEventMessage(spoofed, "choice", {
        step: { id: "s1", text: "Skin type?", activation: { key: "skin_type", type: "single" } },
        choices: [
          { id: "c1", text: "Dry", selected: true, activation: { key: "dry", type: "single" } },
        ],
      });
      const response = await post([form, choice]);
      expect(response.json()).toEqual({ accepted: 2, ignored: 0 });

      const stored = await db
        .selectFrom("event")
        .select(["organization_id", "domain_id", "payload"])
        .where("session_id", "=", "session-spoof")
        .execute();
      expect(stored).toHaveLength(2);
      for (const row of stored) {
        expect([row.organization_id, row.domain_id]).toEqual([orgId, domainId]);
        expect(row.payload).toMatchObject({
          organizationId: orgId,
          domainId,
          floowId,
          floowVersion: 1,
        });
      }

      const outcomes = await deliver();
      expect(outcomes.map((o) => o.outcome)).toEqual([
        "succeeded",
        "succeeded",
        "succeeded",
        "succeeded",
      ]);
      // The merchant's receiver verified Floow's signature on the floow's real ids.
      expect(hooks.requests).toHaveLength(2);
      for (const request of hooks.requests) {
        expect(request.verifyError).toBeNull();
        expect(request.verified).toMatchObject({
          data: {
            organizationId: orgId,
            domainId,
            floowId,
            floowVersion: 1,
            sessionId: "session-spoof",
          },
        });
      }
      const [formHook] = hooks.requests.map((r) => r.verified as { data: FloowEventMessage });
      expect(formHook!.data.formInputs).toEqual(form.formInputs);
      // Klaviyo got the domain the floow is in, never the claimed one.
      expect(klaviyo.requests).toHaveLength(2);
      for (const request of klaviyo.requests) {
        const body = JSON.parse(request.body) as {
          data: { attributes: { properties: Record<string, unknown> } };
        };
        expect(body.data.attributes.properties).toMatchObject({
          floow_id: floowId,
          domain_id: domainId,
        });
        expect(request.body).not.toContain(victimDomainId);
        expect(request.body).not.toContain(victimOrgId);
      }
      // The merchant whose ids were claimed got nothing.
      expect(victimHooks.requests).toEqual([]);
    });

    it("ignores, stores and sends nothing of a message naming another floow's steps or a version the floow does not have", async () => {
      const context = { organizationId: orgId, domainId, floowId, sessionId: "session-made-up" };
      const response = await post([
        createEventMessage(context, "choice", {
          step: { id: "someone-elses-step", text: "?" },
          choices: [{ id: "c1", text: "Dry", selected: true }],
        }),
        createEventMessage(context, "form", {
          step: { id: "f1", text: "E-mail" },
          formInputs: [{ id: "made-up", type: "email", text: "E-mail", value: "eve@example.com" }],
        }),
        createEventMessage({ ...context, floowVersion: 7 }, "start"),
        createEventMessage(context, "start"),
      ]);
      expect(response.json()).toEqual({ accepted: 1, ignored: 3 });
      const stored = await db
        .selectFrom("event")
        .select(["type", "floow_version"])
        .where("session_id", "=", "session-made-up")
        .execute();
      // Without a number the event is stored without one (docs/events.md, `floowVersion`).
      expect(stored).toEqual([{ type: "start", floow_version: null }]);
      await deliver();
      expect(hooks.requests.map((r) => (r.verified as { type: string }).type)).toEqual([
        "floow.start",
      ]);
      expect(klaviyo.requests).toEqual([]);
    });
  },
);
