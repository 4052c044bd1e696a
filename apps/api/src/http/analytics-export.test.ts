import { gunzipSync } from "node:zlib";
import { createChoice, createStep } from "@floow/domain/floow";
import { createEventMessage } from "@floow/domain/events";
import type { FloowEventPayload, FloowEventType } from "@floow/domain/events";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedDomain, seedFloow } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import type { DB } from "../db/database";
import { recordConversion } from "../services/conversions/record";
import { storeEvents } from "../services/events/store-events";
import { sessionCsv } from "../services/analytics/csv";

/**
 * The streamed CSV export (docs/analytics.md "The CSV export"): sessions of a bike finder on
 * 10 November 2026 (Amsterdam), several starting in the same second (the export orders them by
 * id), cells that could run as a formula, orders in two currencies.
 */
const DAY = "2026-11-10";
const NOON = new Date("2026-11-10T11:00:00Z");
const HEADER =
  "session,started,finished,answers,clicked product,operating system,language,orders,order ids,revenue,influenced revenue,assisted revenue";

/**
 * The file of the sessions below, as the export gave it before it streamed (`analytics.exportCsv`,
 * one statement): the streamed file was checked equal to it, byte for byte, before that query
 * went (and on the benchmark's 1,000,000 events, 30 and 90 days of two floows).
 */
const FILE = [
  `\uFEFF${HEADER}`,
  `'=1+2,2026-11-10 12:00:00,2026-11-10 12:00:03,Where do you ride?: Road,"Velo, Aero",mac,nl,0,,,,`,
  'A,2026-11-10 12:00:00,2026-11-10 12:00:03,Where do you ride?: Road,"Velo, Aero",mac,nl,2,A-1 A-2,1499.00 EUR; 100.00 USD,1499.00 EUR; 100.00 USD,0.00 EUR; 0.00 USD',
  'B,2026-11-10 12:00:00,,"Where do you ride?: =HYPERLINK(""http://evil.example"")",,mac,nl,0,,,,',
  `C,2026-11-10 12:00:00,2026-11-10 12:00:03,Where do you ride?: Road,"Velo, Aero",mac,nl,1,"'-5,x",20.00 EUR,20.00 EUR,0.00 EUR`,
  'D,2026-11-10 12:00:00,2026-11-10 12:00:03,Where do you ride?: Road,"Velo, Aero",mac,nl,0,,,,',
  'E,2026-11-10 12:00:00,2026-11-10 12:00:03,Where do you ride?: Road,"Velo, Aero",mac,nl,0,,,,',
  "F,2026-11-10 16:00:00,,,,mac,nl,0,,,,",
  "",
].join("\r\n");
/** The same of version 2's sessions. */
const FILE_V2 = [
  `\uFEFF${HEADER}`,
  'B,2026-11-10 12:00:00,,"Where do you ride?: =HYPERLINK(""http://evil.example"")",,mac,nl,0,,,,',
  "F,2026-11-10 16:00:00,,,,mac,nl,0,,,,",
  "",
].join("\r\n");

const ride = createStep({ text: "<p>Where do you ride?</p>" });
const road = createChoice({ stepId: ride.id, text: "Road" });
const formula = createChoice({ stepId: ride.id, text: '=HYPERLINK("http://evil.example")' });
ride.choices = [road, formula];
const VELO = { id: "P1", name: "Velo, Aero", price: 1499, url: "https://shop.example/p1" };

type Planned = [FloowEventType, FloowEventPayload?];
const pick = (choice: typeof road): Planned => [
  "choice",
  {
    step: { id: ride.id, text: "Where do you ride?" },
    choices: ride.choices.map((c) => ({ id: c.id, text: c.text, selected: c.id === choice.id })),
  },
];

describe.each(testDbKinds)("GET /api/analytics/sessions.csv (%s)", (kind) => {
  let server: TestServer;
  let db: Kysely<DB>;
  let orgId: string;
  let bikeId: string;
  let memberCookie: string;
  let adminCookie: string;
  let outsiderCookie: string;
  let lonerCookie: string;

  async function cookieOf(user: TestUser): Promise<string> {
    const { headers } = await server.app.auth.api.signInEmail({
      body: { email: user.email, password: "correct horse battery" },
      returnHeaders: true,
    });
    return headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  async function session(
    domainId: string,
    sessionId: string,
    plan: Planned[],
    version: number,
    receivedAt = NOON,
  ) {
    await storeEvents(
      db,
      plan.map(([type, payload], index) => ({
        organizationId: orgId,
        domainId,
        message: createEventMessage(
          { organizationId: orgId, domainId, floowId: bikeId, sessionId, floowVersion: version },
          type,
          payload,
        ),
        device: { os: "mac", language: "nl" },
        receivedAt: new Date(receivedAt.getTime() + index * 1000),
      })),
    );
  }

  const exportCsv = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: "GET",
      url: "/api/analytics/sessions.csv",
      query,
      headers: { cookie: memberCookie, ...headers },
    });

  beforeAll(async () => {
    server = await createTestServer(kind);
    db = server.app.database.db;
    const admin = await createUser(server.app, "Ada Admin");
    orgId = (await createOrganization(server.app, admin, "Bikes Co")).id;
    const member = await createUser(server.app, "Max Member");
    await addMember(server.app, orgId, member, "member");
    const outsider = await createUser(server.app, "Olga Outsider");
    await createOrganization(server.app, outsider, "Other Co");
    adminCookie = await cookieOf(admin);
    memberCookie = await cookieOf(member);
    outsiderCookie = await cookieOf(outsider);
    lonerCookie = await cookieOf(await createUser(server.app, "Lou Loner"));
    const domainId = (await seedDomain(db, orgId)).id;
    bikeId = (
      await seedFloow(db, orgId, domainId, "selling", {
        name: "Bike finder!",
        status: "live",
        steps: [ride],
      })
    ).id;
    const finished: Planned[] = [
      ["mount"],
      ["start"],
      pick(road),
      ["finish", { products: [VELO], partial: false }],
      ["product", { product: VELO }],
    ];
    // Five sessions begin in the same second (ordered by id), one later, one the day before.
    for (const id of ["E", "C", "=1+2", "A", "D"]) await session(domainId, id, finished, 1);
    await session(domainId, "B", [["mount"], ["start"], pick(formula)], 2);
    await session(domainId, "F", [["mount"]], 2, new Date("2026-11-10T15:00:00Z"));
    await session(domainId, "Z", [["mount"]], 1, new Date("2026-11-09T12:00:00Z"));
    const order = (orderId: string, value: number, currency: string, sessionId: string) =>
      recordConversion(db, {
        organizationId: orgId,
        orderId,
        value,
        currency,
        items: [{ id: "P1", price: value }],
        source: "api",
        sessionId,
        occurredAt: "2026-11-10T13:00:00Z",
      });
    await order("A-1", 1499, "EUR", "A");
    await order("A-2", 100, "USD", "A");
    await order("-5,x", 20, "EUR", "C");
  });
  afterAll(() => server.close());

  it("streams the period's sessions as the CSV file the export gave before, byte for byte", async () => {
    const response = await exportCsv({ id: bikeId, from: DAY, to: DAY });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="bike-finder-sessions-${DAY}-${DAY}.csv"`,
    );
    expect(response.body).toBe(FILE);
    const lines = response.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([
      "'=1+2",
      "A",
      "B",
      "C",
      "D",
      "E",
      "F",
      "",
    ]);
    expect(lines[2]).toBe(
      'A,2026-11-10 12:00:00,2026-11-10 12:00:03,Where do you ride?: Road,"Velo, Aero",mac,nl,2,A-1 A-2,1499.00 EUR; 100.00 USD,1499.00 EUR; 100.00 USD,0.00 EUR; 0.00 USD',
    );
    expect(lines[4]).toMatch(/,1,"'-5,x",20\.00 EUR,20\.00 EUR,0\.00 EUR$/);
    expect(lines[3]).toMatch(
      /^B,2026-11-10 12:00:00,,"Where do you ride\?: =HYPERLINK\(""http:\/\/evil.example""\)",,mac,nl,0,,,,$/,
    );
  });

  it("reads the sessions a page at a time, the same file at any page size", async () => {
    const pieces = async (pageSize: number) => {
      const out: string[] = [];
      for await (const piece of sessionCsv(
        db,
        { organizationId: orgId, floowId: bikeId },
        { from: DAY, to: DAY },
        pageSize,
      ))
        out.push(piece);
      return out;
    };
    const one = await pieces(1);
    expect(one).toHaveLength(7);
    expect(one.join("")).toBe(FILE);
    expect((await pieces(3)).join("")).toBe(FILE);
    // Stopping early reads no further page.
    const reader = sessionCsv(
      db,
      { organizationId: orgId, floowId: bikeId },
      { from: DAY, to: DAY },
      1,
    );
    expect((await reader.next()).value).toContain("'=1+2,");
    await reader.return();
    expect((await reader.next()).done).toBe(true);
  });

  it("compresses as the browser asks, the file unchanged", async () => {
    const response = await exportCsv(
      { id: bikeId, from: DAY, to: DAY },
      { "accept-encoding": "gzip" },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(response.rawPayload).toString("utf8")).toBe(FILE);
  });

  it("exports one published version's sessions, its number in the file name", async () => {
    const response = await exportCsv({ id: bikeId, from: DAY, to: DAY, version: "2" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="bike-finder-v2-sessions-${DAY}-${DAY}.csv"`,
    );
    expect(response.body).toBe(FILE_V2);
    expect(
      response.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n")
        .map((line) => line.split(",")[0]),
    ).toEqual(["session", "B", "F"]);
    // A period without sessions: the header alone.
    const empty = await exportCsv({ id: bikeId, from: "2026-10-01", to: "2026-10-02" });
    expect(empty.body).toBe(`\uFEFF${HEADER}\r\n`);
  });

  it("answers a bad field with a 400 that names it", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ id: bikeId, from: "2026-13-01", to: DAY }, "from", "Please pick a date."],
      [
        { id: bikeId, from: DAY, to: "2026-11-09" },
        "to",
        "The start date must be on or before the end date.",
      ],
      [{ id: bikeId, from: DAY, to: DAY, version: "abc" }, "version", "Please pick a version."],
      [{ id: bikeId, from: DAY, to: DAY, version: "0" }, "version", "Please pick a version."],
      [{ from: DAY, to: DAY }, "id", ""],
      [{ id: "x".repeat(5000), from: DAY, to: DAY }, "id", ""],
      [
        { id: bikeId, from: DAY, to: DAY, version: "1".repeat(400) },
        "version",
        "Please pick a version.",
      ],
    ];
    for (const [query, field, message] of cases) {
      const response = await exportCsv(query);
      expect(response.statusCode, field).toBe(400);
      const { error } = response.json<{
        error: {
          code: string;
          message: string;
          fieldErrors: { path: string[]; message: string }[];
        };
      }>();
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toMatch(new RegExp(`^${field}: `));
      expect(error.fieldErrors[0]?.path).toEqual([field]);
      if (message) expect(error.fieldErrors[0]?.message).toBe(message);
    }
  });

  it("asks for a session, an organization, and finds only the organization's floows", async () => {
    const query = { id: bikeId, from: DAY, to: DAY };
    expect((await exportCsv(query, { cookie: "" })).statusCode).toBe(401);
    const loner = await exportCsv(query, { cookie: lonerCookie });
    expect(loner.statusCode).toBe(403);
    expect(loner.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
    const outsider = await exportCsv(query, { cookie: outsiderCookie });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({
      error: { code: "NOT_FOUND", message: "Floow not found." },
    });
    expect(outsider.body).not.toContain("A-1");
    expect((await exportCsv({ ...query, id: "no-such-floow" })).statusCode).toBe(404);
    // HEAD (the dashboard's check before it downloads): the same answers, no body.
    const head = (query: Record<string, string>, cookie = memberCookie) =>
      server.app.inject({
        method: "HEAD",
        url: "/api/analytics/sessions.csv",
        query,
        headers: { cookie },
      });
    const ok = await head(query);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-disposition"]).toContain("bike-finder-sessions-");
    expect(ok.body).toBe("");
    expect((await head(query, "")).statusCode).toBe(401);
    expect((await head(query, outsiderCookie)).statusCode).toBe(404);
    expect((await head({ ...query, from: "nope" })).statusCode).toBe(400);
    // An admin exports too (the member above did: every member reads analytics).
    const admin = await exportCsv(query, { cookie: adminCookie });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toBe(FILE);
  });
});
