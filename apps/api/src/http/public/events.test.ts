import { createChoice, createFormInput, createStep } from "@floow/domain/floow";
import { createEventMessage } from "@floow/domain/events";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedDomain, seedFloow, seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../../db/client";
import { registerPublicRoutes } from "./index";

describe.each(testDbKinds)("public events API (%s)", (kind) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let orgId: string;
  let domainId: string;
  let liveId: string;
  let developmentId: string;

  beforeAll(async () => {
    database = await createTestDb(kind);
    const db = database.db;
    orgId = await seedOrganization(db);
    domainId = (await seedDomain(db, orgId)).id;
    // The steps, choices and form inputs the messages below name (s1 with c1, c2; form step f1 with i1).
    const steps = [
      createStep({
        id: "s1",
        text: "Which colour?",
        choices: [createChoice({ id: "c1", text: "Low" }), createChoice({ id: "c2" })],
      }),
      createStep({
        id: "f1",
        type: "form",
        formInputs: [createFormInput({ id: "i1", type: "email", label: "E-mail" })],
      }),
    ];
    liveId = (await seedFloow(db, orgId, domainId, "selling", { status: "live", steps })).id;
    developmentId = (await seedFloow(db, orgId, domainId)).id;
    app = Fastify();
    await registerPublicRoutes(app, { db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  // What a visitor's runtime would send; the organization and domain it claims are not trusted.
  const message = (floowId: string, type: "start" | "choice" = "start") =>
    createEventMessage(
      {
        organizationId: "claimed-org",
        domainId: "claimed-domain",
        floowId,
        sessionId: "session-1",
      },
      type,
      {
        step: { id: "s1", text: "Which colour?" },
      },
    );

  const post = (payload: unknown, contentType = "application/json") =>
    app.inject({
      method: "POST",
      url: "/api/public/events",
      headers: { "content-type": contentType },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  const storedFor = (floowId: string) =>
    database.db
      .selectFrom("event")
      .selectAll()
      .where("floow_id", "=", floowId)
      .orderBy("created_at")
      .execute();

  it("stores events of live floows under the floow's organization and counts the ignored ones", async () => {
    const events = [
      message(liveId),
      message(liveId, "choice"),
      message(developmentId),
      message("unknown-floow"),
    ];
    const response = await post({ events });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2, ignored: 2 });
    expect(response.headers["access-control-allow-origin"]).toBe("*");

    const stored = await storedFor(liveId);
    expect(
      stored.map((row) => [row.organization_id, row.domain_id, row.type, row.session_id]).sort(),
    ).toEqual([
      [orgId, domainId, "choice", "session-1"],
      [orgId, domainId, "start", "session-1"],
    ]);
    expect(stored.find((row) => row.type === "start")?.payload).toMatchObject({
      event: "floows",
      step: { id: "s1", text: "Which colour?" },
    });
    expect(await storedFor(developmentId)).toEqual([]);
  });

  it("stores what the runtime sends: the version and the step's and choices' data-layer and activation keys", async () => {
    const event = createEventMessage(
      { organizationId: "o", domainId: "d", floowId: liveId, sessionId: "session-keys" },
      "choice",
      {
        step: {
          id: "s1",
          text: "Budget?",
          dataLayer: { key: "budget", type: "single" },
          activation: { key: "Budget", type: "single" },
        },
        choices: [
          {
            id: "c1",
            text: "Low",
            selected: true,
            dataLayer: { key: "low", customEvent: "budget_low" },
            activation: { key: "low", type: "single" },
          },
        ],
      },
    );
    expect((await post({ events: [event] })).statusCode).toBe(202);
    const [row] = await database.db
      .selectFrom("event")
      .select("payload")
      .where("client_event_id", "=", event.id)
      .execute();
    expect(row?.payload).toMatchObject({ v: 1, step: event.step, choices: event.choices });
  });

  it("stores the floow's organization, domain and version in the message, never the ones it claims", async () => {
    const event = createEventMessage(
      {
        organizationId: "claimed-org",
        domainId: "claimed-domain",
        floowId: liveId,
        floowVersion: 1,
        sessionId: "session-claims",
      },
      "choice",
      {
        step: { id: "s1", text: "Which colour?" },
        choices: [{ id: "c2", text: "", selected: true }],
      },
    );
    expect((await post({ events: [event] })).json()).toEqual({ accepted: 1, ignored: 0 });
    const [row] = await database.db
      .selectFrom("event")
      .select(["organization_id", "domain_id", "floow_version", "payload"])
      .where("client_event_id", "=", event.id)
      .execute();
    expect(row).toMatchObject({ organization_id: orgId, domain_id: domainId, floow_version: 1 });
    expect(row?.payload).toEqual({ ...event, organizationId: orgId, domainId });
  });

  it("ignores a message naming a step, choice or form input the floow's version does not have, or a version it does not have", async () => {
    const context = {
      organizationId: orgId,
      domainId,
      floowId: liveId,
      sessionId: "session-unknown-ids",
    };
    const events = [
      createEventMessage(context, "choice", { step: { id: "s9", text: "" } }),
      createEventMessage(context, "choice", {
        step: { id: "s1", text: "" },
        choices: [{ id: "c9", text: "", selected: true }],
      }),
      createEventMessage(context, "form", {
        step: { id: "f1", text: "" },
        formInputs: [{ id: "i9", type: "text", text: "", value: "x" }],
      }),
      createEventMessage({ ...context, floowVersion: 2 }, "mount"),
      createEventMessage(context, "form", {
        step: { id: "f1", text: "" },
        formInputs: [{ id: "i1", type: "email", text: "", value: "a@b.example" }],
      }),
    ];
    expect((await post({ events })).json()).toEqual({ accepted: 1, ignored: 4 });
    const stored = await database.db
      .selectFrom("event")
      .select("type")
      .where("session_id", "=", "session-unknown-ids")
      .execute();
    expect(stored).toEqual([{ type: "form" }]);
  });

  it("takes sendBeacon's text/plain bodies and stores a resent event once", async () => {
    const event = message(liveId);
    const body = JSON.stringify({ events: [event, event] });
    const first = await post(body, "text/plain;charset=UTF-8");
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ accepted: 2, ignored: 0 });
    await post(body, "text/plain");
    const rows = await database.db
      .selectFrom("event")
      .select("id")
      .where("client_event_id", "=", event.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("answers 400 naming the field of an invalid event, and for an empty or too large batch", async () => {
    const invalid = await post({
      events: [message(liveId), { ...message(liveId), type: "explode" }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^events\.1\.type: /),
    });
    expect(invalid.json().error.fieldErrors[0].path).toEqual(["events", 1, "type"]);

    const empty = await post({ events: [] });
    expect(empty.json().error.fieldErrors[0].path).toEqual(["events"]);
    const tooMany = await post({ events: Array.from({ length: 101 }, () => message(liveId)) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fieldErrors[0].path).toEqual(["events"]);
    expect((await post("not json", "text/plain")).json().error.message).toBe(
      "The body is not valid JSON.",
    );
  });

  it("answers 400 (never 500) for a product nested 5,000 levels deep or a 3 KB id, and still stores the batch's valid events", async () => {
    // Written as text: JSON.stringify itself overflows the stack on such a value.
    const deep = `${'{"nested":'.repeat(5_000)}{"id":"leaf"}${"}".repeat(5_000)}`;
    const good = { ...message(liveId), sessionId: "session-deep" };
    const deepProduct = JSON.stringify({
      ...message(liveId),
      type: "product",
      product: { id: "p", extra: "DEEP" },
    }).replace('"DEEP"', deep);
    const longId = JSON.stringify({ ...message(liveId), id: "x".repeat(3_000) });
    const response = await post(
      `{"events":[${JSON.stringify(good)},${deepProduct},${longId}]}`,
      "text/plain",
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ accepted: 1, ignored: 2 });
    expect(
      response.json().error.fieldErrors.map((error: { path: unknown[] }) => error.path),
    ).toEqual([
      ["events", 1, "product"],
      ["events", 2, "id"],
    ]);
    expect(response.json().error.message).toMatch(
      /^events\.1\.product: The product nests deeper than 5 levels\.$/,
    );
    expect((await storedFor(liveId)).map((row) => row.client_event_id)).toContain(good.id);
  });

  it("keeps one session row per floow and shopper with its counts, device and language", async () => {
    const session = {
      organizationId: "o",
      domainId: "d",
      floowId: liveId,
      sessionId: "session-rollup",
    };
    const events = [
      createEventMessage(session, "mount"),
      createEventMessage(session, "start"),
      createEventMessage(session, "choice", { step: { id: "s1", text: "Colour?" } }),
    ];
    const response = await app.inject({
      method: "POST",
      url: "/api/public/events",
      headers: {
        "content-type": "text/plain",
        "user-agent":
          "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15",
        "accept-language": "nl-NL,nl;q=0.9,en;q=0.8",
      },
      payload: JSON.stringify({ events }),
    });
    expect(response.statusCode).toBe(202);
    // A resent batch is not counted twice.
    await post({ events: [events[0]] });
    await post({ events: [createEventMessage(session, "finish")] });
    const row = await database.db
      .selectFrom("event_session")
      .selectAll()
      .where("floow_id", "=", liveId)
      .where("session_id", "=", "session-rollup")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      mounts: 1,
      starts: 1,
      answers: 1,
      finishes: 1,
      clicks: 0,
      last_step_id: "s1",
      os: "mac",
      language: "nl",
    });
  });

  it("refuses a body over 512 KB with 413", async () => {
    const response = await post({
      events: [{ ...message(liveId), step: { id: "s", text: "x".repeat(600 * 1024) } }],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
