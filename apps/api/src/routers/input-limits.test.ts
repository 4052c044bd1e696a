import { randomBytes } from "node:crypto";
import { AI_PROMPT_MAX_LENGTH, TEXT_LIMITS } from "@floow/domain/shared";
import { EXPERIMENT_NAME_MAX } from "@floow/domain/experiment";
import { VERSION_NOTE_MAX } from "@floow/domain/floow";
import type { VersionedFloow } from "@floow/domain/floow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedDomain, seedFeed, seedFloow } from "../../test/floows";
import { startTestSmtp } from "../../test/mail";
import type { TestSmtp } from "../../test/mail";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";
import { appRouter } from "../trpc/app-router";

/**
 * Every free-text input of every procedure has a length (issue 25, `TEXT_LIMITS` in
 * `@floow/domain`): one character over it is a 400 whose error names the field, the limit
 * itself is not refused. The procedures are listed from `appRouter` itself, so a procedure
 * without a row here fails: ADD A ROW WITH EVERY NEW PROCEDURE (`none` with the reason when it
 * takes no text). A second check walks every procedure's input schema: a string without a
 * maximum anywhere in it fails too, so a field added to an existing procedure gets a limit.
 */

interface Fixture {
  admin: TestUser;
  organizationId: string;
  domainId: string;
  floow: VersionedFloow;
  feedId: string;
  invitationId: string;
  webhookId: string;
}

/** What a field holds, for building a value of a given length that is otherwise valid. */
type Kind = "text" | "url" | "email" | "key" | "klaviyo";

interface FieldRow {
  path: (string | number)[];
  max: number;
  kind?: Kind;
}

type Row =
  | { none: string }
  | {
      /** A valid input; each field's value is replaced in a copy of it. */
      input: (f: Fixture) => Record<string, unknown>;
      fields: FieldRow[];
      /** Call as a signed-in user of no organization (`organization.create` would change the admin's active one). */
      as?: "fresh";
      /** Sending every field at its limit would do something not cheap here (call the model, fetch a URL). */
      skipAtLimit?: string;
    };

const L = TEXT_LIMITS;
const text = (path: (string | number)[], max: number, kind: Kind = "text"): FieldRow => ({
  path,
  max,
  kind,
});
const id = (...path: (string | number)[]) => text(path, L.id, "key");

const trigger = {
  route: "/",
  routeType: "startsWith",
  attribute: "id",
  value: "floow",
  target: "inside",
};
const editedFloow = (f: Fixture) => ({
  ...f.floow,
  steps: [{ id: "step-1", text: "Which bike?", choices: [{ id: "choice-1", text: "Road" }] }],
  triggers: [trigger],
  filterGroups: [{ id: "group-1", choiceId: "choice-1" }],
  filters: [{ id: "filter-1", filterGroupId: "group-1", field: "color", value: "red" }],
});
const webhook = (f: Fixture) => ({
  domainId: f.domainId,
  name: "Orders",
  url: "https://hooks.example/in",
  headers: { "X-Team": "shop" },
  events: ["finish"],
});
const domain = (f: Fixture) => ({
  id: f.domainId,
  name: "Shop",
  host: "www.shop.example",
  description: "",
  image: null,
  blobUrl: null,
  colors: [{ id: "color-1", name: "Dark", hex: "111111" }],
  fonts: [{ id: "font-1", name: "Poppins", url: "https://fonts.example/poppins.css" }],
});
const range = { from: "2026-01-01", to: "2026-01-31" };

const INPUT_LIMITS: Record<string, Row> = {
  "auth.config": { none: "no input" },
  "user.get": { none: "no input" },
  "user.update": {
    input: () => ({ name: "Ann", title: "", picture: null }),
    fields: [
      text(["name"], L.personName),
      text(["title"], L.personTitle),
      text(["picture"], L.url, "url"),
    ],
  },
  "user.changeEmail": {
    input: (f) => ({ oldEmail: f.admin.email, newEmail: "new@example.com" }),
    fields: [text(["oldEmail"], L.email, "email"), text(["newEmail"], L.email, "email")],
    skipAtLimit: "the old address must be the caller's own",
  },
  "user.confirmEmail": {
    input: () => ({ token: "t".repeat(40) }),
    fields: [text(["token"], L.token, "key")],
  },
  "user.requestPasswordChange": {
    input: (f) => ({ email: f.admin.email }),
    fields: [text(["email"], L.email, "email")],
    skipAtLimit: "the address must be the caller's own",
  },
  "user.remove": { input: () => ({ userId: "someone-else" }), fields: [id("userId")] },
  "organization.create": {
    input: () => ({ name: "Limits Co", displayName: "" }),
    fields: [text(["name"], L.name), text(["displayName"], L.name)],
    as: "fresh",
  },
  "organization.update": {
    input: () => ({
      name: "Limits A",
      display_name: "",
      email: "",
      branding: { logo_url: null },
      sector: null,
    }),
    fields: [
      text(["name"], L.name),
      text(["display_name"], L.name),
      text(["email"], L.email, "email"),
      text(["branding", "logo_url"], L.url, "url"),
    ],
  },
  "support.config": { none: "no input" },
  "support.create": {
    input: () => ({ email: "help@example.com", subject: "Help", comment: "It broke." }),
    fields: [
      text(["email"], L.email, "email"),
      text(["phone"], L.phone),
      text(["name"], L.personName),
      text(["project"], L.key),
      text(["subject"], L.subject),
      text(["comment"], L.comment),
      text(["url"], L.url, "url"),
    ],
  },
  "invitation.create": {
    input: () => ({
      name: "Ivy",
      email: `ivy-${randomBytes(4).toString("hex")}@example.com`,
      title: "",
      role: "member",
    }),
    fields: [
      text(["name"], L.personName),
      text(["email"], L.email, "email"),
      text(["title"], L.personTitle),
    ],
  },
  "invitation.resend": { input: (f) => ({ id: f.invitationId }), fields: [id("id")] },
  "invitation.revoke": {
    input: () => ({ id: "no-such-invitation", email: "x@example.com" }),
    fields: [id("id"), text(["email"], L.email, "email")],
  },
  "invitation.lookup": {
    input: () => ({ token: "t".repeat(40) }),
    fields: [text(["token"], L.token, "key")],
  },
  "invitation.accept": {
    input: () => ({ token: "t".repeat(40) }),
    fields: [text(["token"], L.token, "key")],
  },
  "team.updateRole": {
    input: () => ({ userId: "nobody", role: "member" }),
    fields: [id("userId")],
  },
  "team.remove": { input: () => ({ userId: "nobody" }), fields: [id("userId")] },

  "domain.list": { none: "no input" },
  "domain.byId": { input: (f) => ({ id: f.domainId }), fields: [id("id")] },
  "domain.create": {
    input: (f) => ({ ...domain(f), id: `domain-${randomBytes(4).toString("hex")}` }),
    fields: [
      id("id"),
      text(["name"], L.name),
      text(["description"], L.description),
      text(["image"], L.url, "url"),
      text(["blobUrl"], L.url, "url"),
      text(["colors", 0, "name"], L.name),
      text(["fonts", 0, "name"], L.name),
      text(["fonts", 0, "url"], L.url, "url"),
    ],
  },
  "domain.update": {
    input: domain,
    fields: [
      id("id"),
      text(["name"], L.name),
      text(["description"], L.description),
      text(["fonts", 0, "url"], L.url, "url"),
    ],
  },
  "domain.remove": { input: () => ({ id: "no-such-domain" }), fields: [id("id")] },

  "floow.list": { input: (f) => ({ domainId: f.domainId }), fields: [id("domainId")] },
  "floow.byId": { input: (f) => ({ id: f.floow.id }), fields: [id("id")] },
  "floow.create": {
    input: (f) => ({ domainId: f.domainId, type: "information", name: "New" }),
    fields: [id("domainId"), text(["name"], L.name), id("feedId")],
  },
  "floow.update": {
    input: editedFloow,
    fields: [
      text(["name"], L.name),
      text(["start", "text"], L.pageText),
      text(["start", "button", "text"], L.label),
      text(["buttons", "next", "text"], L.label),
      text(["steps", 0, "text"], L.pageText),
      text(["steps", 0, "choices", 0, "text"], L.label),
      text(["steps", 0, "event", "dataLayer", "key"], L.key),
      text(["finish", "text"], L.pageText),
      text(["finish", "results", "button", "text"], L.label),
      text(["finish", "results", "imageAttribute"], L.key),
      text(["triggers", 0, "route"], L.selector),
      text(["triggers", 0, "value"], L.selector),
      text(["filters", 0, "field"], L.key),
      text(["filters", 0, "value"], L.label),
    ],
    skipAtLimit: "each save bumps the version; the over-limit calls prove the bounds",
  },
  "floow.duplicate": { input: (f) => ({ id: f.floow.id }), fields: [id("id"), id("domainId")] },
  "floow.previewResults": {
    input: (f) => ({
      id: f.floow.id,
      choiceIds: ["choice-1"],
      steps: [{ id: "step-1", choices: [{ id: "choice-1", text: "Road" }] }],
    }),
    fields: [
      id("id"),
      id("choiceIds", 0),
      id("steps", 0, "id"),
      text(["steps", 0, "choices", 0, "text"], L.label),
    ],
  },
  "floow.publish": {
    input: () => ({ id: "no-such-floow", note: "First" }),
    fields: [id("id"), text(["note"], VERSION_NOTE_MAX)],
  },
  "floow.publishCheck": { input: (f) => ({ id: f.floow.id }), fields: [id("id")] },
  "floow.versions": { input: (f) => ({ id: f.floow.id }), fields: [id("id")] },
  "floow.rollback": { input: () => ({ id: "no-such-floow", number: 1 }), fields: [id("id")] },
  "floow.restoreVersion": { input: () => ({ id: "no-such-floow", number: 1 }), fields: [id("id")] },
  "floow.archive": { input: () => ({ id: "no-such-floow" }), fields: [id("id")] },
  "floow.restore": { input: () => ({ id: "no-such-floow" }), fields: [id("id")] },
  "floow.remove": { input: () => ({ id: "no-such-floow" }), fields: [id("id")] },

  "insight.matchCounts": {
    input: (f) => ({ id: f.floow.id, steps: [{ id: "step-1", choices: [{ id: "choice-1" }] }] }),
    fields: [id("id"), id("feedId"), id("steps", 0, "id"), id("steps", 0, "choices", 0, "id")],
  },
  "insight.deadEnds": { input: (f) => ({ id: f.floow.id }), fields: [id("id")] },
  "insight.deadEndCounts": { none: "no input" },
  "ai.config": { none: "no input" },
  "ai.suggest": {
    input: (f) => ({ id: f.floow.id, name: "Bikes", content: "Suggest questions" }),
    fields: [id("id"), text(["name"], L.name), text(["content"], AI_PROMPT_MAX_LENGTH)],
    skipAtLimit: "it would ask the model",
  },

  "feed.list": { none: "no input" },
  "feed.preview": {
    input: () => ({ url: "https://feeds.example/products.xml", type: "channable" }),
    fields: [text(["url"], L.url, "url")],
    skipAtLimit: "it would fetch the URL",
  },
  "feed.upsert": {
    input: (f) => ({
      id: f.feedId,
      name: "Bikes",
      url: "https://feeds.example/products.xml",
      type: "channable",
      description: "",
    }),
    fields: [
      id("id"),
      text(["name"], L.name),
      text(["url"], L.url, "url"),
      text(["description"], L.description),
      text(["image"], L.url, "url"),
      text(["variables", "name"], L.key),
    ],
  },
  "feed.refresh": { input: () => ({ id: "no-such-feed" }), fields: [id("id")] },
  "feed.remove": { input: () => ({ id: "no-such-feed" }), fields: [id("id")] },
  "product.list": {
    input: (f) => ({ feedId: f.feedId, search: "road" }),
    fields: [id("feedId"), text(["search"], L.search)],
  },
  "event.recent": { input: (f) => ({ floowId: f.floow.id }), fields: [id("floowId")] },
  "event.live": { input: (f) => ({ floowId: f.floow.id, after: "" }), fields: [id("floowId")] },

  "webhook.list": { none: "no input" },
  "webhook.create": {
    input: webhook,
    fields: [
      id("domainId"),
      id("floowId"),
      text(["name"], L.name),
      text(["url"], L.url, "url"),
      text(["headers", "X-Team"], L.headerValue),
    ],
  },
  "webhook.update": {
    input: (f) => ({ ...webhook(f), id: f.webhookId }),
    fields: [
      id("id"),
      text(["name"], L.name),
      text(["url"], L.url, "url"),
      text(["headers", "X-Team"], L.headerValue),
    ],
  },
  "webhook.remove": { input: () => ({ id: "no-such-webhook" }), fields: [id("id")] },
  "webhook.rotateSecret": { input: () => ({ id: "no-such-webhook" }), fields: [id("id")] },
  "webhook.deliveries": {
    input: (f) => ({ webhookId: f.webhookId }),
    fields: [id("webhookId"), id("before")],
  },
  "webhook.sendTest": { input: () => ({ id: "no-such-webhook" }), fields: [id("id")] },
  "webhook.replay": { input: () => ({ id: "no-such-delivery" }), fields: [id("id")] },
  "integration.list": { none: "no input" },
  "integration.create": {
    input: () => ({ domainId: "no-such-domain", privateKey: "" }),
    fields: [id("domainId"), text(["privateKey"], L.key, "klaviyo")],
  },
  "integration.remove": { input: () => ({ id: "no-such-integration" }), fields: [id("id")] },

  "apiKey.list": { none: "no input" },
  "apiKey.create": {
    input: () => ({ name: "Shop server", scopes: ["conversions:write"] }),
    fields: [text(["name"], L.name)],
  },
  "apiKey.revoke": { input: () => ({ id: "no-such-key" }), fields: [id("id")] },
  "domain.tracking": { input: (f) => ({ id: f.domainId }), fields: [id("id")] },
  "domain.updateTracking": {
    input: (f) => ({
      domainId: f.domainId,
      consentSource: "auto",
      consentDefault: "denied",
      datalayerPurchases: false,
    }),
    fields: [id("domainId")],
  },
  "experiment.list": { input: (f) => ({ floowId: f.floow.id }), fields: [id("floowId")] },
  "experiment.byId": { input: () => ({ id: "no-such-experiment" }), fields: [id("id")] },
  "experiment.create": {
    input: (f) => ({
      floowId: f.floow.id,
      name: "Two questions",
      variants: [
        { version: 1, share: 50 },
        { version: 2, share: 50 },
      ],
      holdoutShare: 0,
    }),
    fields: [id("floowId"), text(["name"], EXPERIMENT_NAME_MAX)],
  },
  "experiment.update": {
    input: () => ({
      id: "no-such-experiment",
      name: "Two questions",
      variants: [
        { version: 1, share: 50 },
        { version: 2, share: 50 },
      ],
      holdoutShare: 0,
    }),
    fields: [id("id"), text(["name"], EXPERIMENT_NAME_MAX)],
  },
  "experiment.start": { input: () => ({ id: "no-such-experiment" }), fields: [id("id")] },
  "experiment.pause": { input: () => ({ id: "no-such-experiment" }), fields: [id("id")] },
  "experiment.stop": { input: () => ({ id: "no-such-experiment" }), fields: [id("id")] },
  "experiment.results": { input: () => ({ id: "no-such-experiment" }), fields: [id("id")] },
  "experiment.remove": { input: () => ({ id: "no-such-experiment" }), fields: [id("id")] },
  "experiment.promote": {
    input: () => ({ id: "no-such-experiment", variantId: "a" }),
    fields: [id("id"), id("variantId")],
  },

  "analytics.overview": {
    input: (f) => ({ ...range, domainId: f.domainId }),
    fields: [id("domainId")],
  },
  "analytics.floow": { input: (f) => ({ ...range, id: f.floow.id }), fields: [id("id")] },
  "analytics.settings": { none: "no input" },
  "analytics.updateSettings": { none: "a number of months only" },
  "analytics.eraseShopper": {
    input: () => ({ email: "shopper@example.com" }),
    fields: [text(["email"], L.email, "email")],
  },
};

/** A value of exactly `length` characters that is otherwise valid for its kind. */
function valueOf(kind: Kind, length: number): string {
  if (kind === "url") return `https://www.shop.example/${"a".repeat(length - 25)}`;
  if (kind === "email") return `${"a".repeat(length - 12)}@example.com`;
  if (kind === "key") return "k".repeat(length);
  if (kind === "klaviyo") return `pk_${"k".repeat(length - 3)}`;
  return "a".repeat(length);
}

function withValue(
  input: Record<string, unknown>,
  path: (string | number)[],
  value: string,
): Record<string, unknown> {
  const copy = structuredClone(input);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

/** Walks a zod (v4) schema: the paths of the strings in it that have no maximum length. */
function unboundedStrings(schema: unknown, path = "", seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (child: unknown, at = path) => unboundedStrings(child, at, seen);
  switch (def.type) {
    case "string":
      return (schema as { maxLength: number | null }).maxLength === null ? [path || "(input)"] : [];
    case "object":
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) =>
        inner(child, `${path}.${key}`),
      );
    case "array":
      return inner(def.element, `${path}[]`);
    case "record":
      return [...inner(def.keyType, `${path}{key}`), ...inner(def.valueType, `${path}{}`)];
    case "union":
      return (def.options as unknown[]).flatMap((option) => inner(option));
    case "pipe": {
      // What comes out of a bounded string is bounded by it (`.max(320).pipe(z.email())`).
      const from = def.in as { _zod: { def: { type: string } } };
      return from._zod.def.type === "string"
        ? inner(def.in)
        : [...inner(def.in), ...inner(def.out)];
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return inner(def.innerType);
    default:
      return [];
  }
}

const procedures = Object.keys(appRouter._def.procedures).sort();
const procedureOf = (path: string) =>
  (
    appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; inputs: unknown[] } }
    >
  )[path]!._def;

describe("the input limits table", () => {
  it("has exactly one row per procedure of the app router", () => {
    const rows = Object.keys(INPUT_LIMITS).sort();
    expect(
      procedures.filter((p) => !rows.includes(p)),
      "procedures without a row in input-limits.test.ts",
    ).toEqual([]);
    expect(
      rows.filter((r) => !procedures.includes(r)),
      "rows of procedures that do not exist",
    ).toEqual([]);
  });

  it("finds no string without a maximum length in any procedure's input schema", () => {
    const unbounded = procedures.flatMap((path) =>
      procedureOf(path).inputs.flatMap((schema) =>
        unboundedStrings(schema).map((at) => `${path} ${at}`),
      ),
    );
    expect(unbounded).toEqual([]);
  });
});

describe.each(testDbKinds)("free-text inputs over their limit (%s)", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let fixture: Fixture;
  const cookies = {} as Record<"admin" | "fresh", string>;

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

  /** Calls a procedure over HTTP, as the dashboard does: the status and tRPC's error data. */
  async function call(path: string, input: unknown, as: "admin" | "fresh" = "admin") {
    const cookie = cookies[as];
    const response =
      procedureOf(path).type === "query"
        ? await server.app.inject({
            method: "GET",
            url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
            headers: { cookie },
          })
        : await server.app.inject({
            method: "POST",
            url: `/trpc/${path}`,
            headers: { ...jsonWrite, cookie },
            payload: JSON.stringify(input),
          });
    const body = response.json() as {
      error?: {
        data: { code: string; fieldErrors: { path: (string | number)[]; message: string }[] };
      };
    };
    return { status: response.statusCode, error: body.error?.data };
  }

  const named = (error: Awaited<ReturnType<typeof call>>["error"], path: (string | number)[]) =>
    (error?.fieldErrors ?? []).filter((fieldError) => fieldError.path.join(".") === path.join("."));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await createTestServer(kind, { SMTP_URL: smtp.url });
    const db = server.app.database.db;
    const admin = await createUser(server.app, "Limits Admin");
    const organizationId = (await createOrganization(server.app, admin, "Limits A")).id;
    const domainId = (await seedDomain(db, organizationId)).id;
    const floow = await seedFloow(db, organizationId, domainId);
    const feedId = await seedFeed(db, organizationId, [{ id: "p1", name: "Road bike" }]);
    const invitationId = randomBytes(8).toString("hex");
    await db
      .insertInto("invitation")
      .values({
        id: invitationId,
        organization_id: organizationId,
        inviter_id: admin.id,
        email: "pending@limits.example",
        role: "member",
        status: "pending",
        token_hash: randomBytes(32).toString("hex"),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const webhookId = `hook-${randomBytes(4).toString("hex")}`;
    await db
      .insertInto("webhook")
      .values({
        id: webhookId,
        organization_id: organizationId,
        domain_id: domainId,
        floow_id: null,
        name: "Hook",
        url: "https://hooks.example/a",
        secret: "whsec_x",
        headers: "{}",
        events: '["finish"]',
      })
      .execute();
    fixture = { admin, organizationId, domainId, floow, feedId, invitationId, webhookId };
    cookies.admin = await cookieOf(admin);
    cookies.fresh = await cookieOf(await createUser(server.app, "Limits Fresh"));
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const rows = Object.entries(INPUT_LIMITS).flatMap(([path, row]) =>
    "fields" in row ? [[path, row] as const] : [],
  );

  it.each(rows)(
    "%s: one character over each field's limit is a 400 naming the field",
    async (path, row) => {
      for (const field of row.fields) {
        const over = withValue(
          row.input(fixture),
          field.path,
          valueOf(field.kind ?? "text", field.max + 1),
        );
        const { status, error } = await call(path, over, row.as);
        expect(status, `${path} ${field.path.join(".")}: ${JSON.stringify(error)}`).toBe(400);
        expect(
          named(error, field.path),
          `${path}: the error names ${field.path.join(".")}`,
        ).not.toEqual([]);
      }
    },
  );

  // The call may still fail for another reason (an id that does not exist is NOT_FOUND), never
  // with a 400 at a field that is at its limit.
  it.each(rows.filter(([, row]) => !row.skipAtLimit))(
    "%s: every field at its limit is not refused for its length",
    async (path, row) => {
      let input = row.input(fixture);
      for (const field of row.fields)
        input = withValue(input, field.path, valueOf(field.kind ?? "text", field.max));
      const { status, error } = await call(path, input, row.as);
      if (status !== 400) return;
      for (const field of row.fields) {
        expect(
          named(error, field.path),
          `${path} ${field.path.join(".")} at ${field.max} (status ${status})`,
        ).toEqual([]);
      }
    },
  );
});
