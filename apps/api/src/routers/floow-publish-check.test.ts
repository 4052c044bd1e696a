import { createChoice, createFilter, createFilterGroup, createStep } from "@floow/domain/floow";
import type { Floow, VersionedFloow } from "@floow/domain/floow";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedFeed } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { startReceiver, type Receiver } from "../../test/webhook-receiver";
import { appRouter } from "../trpc/app-router";
import { createInnerContext } from "../trpc/context";
import { createCallerFactory } from "../trpc/init";

const BLOCKED = "Fix the problems marked as errors before publishing.";

const BIKES = [
  {
    id: "b1",
    name: "Aero",
    url: "https://shop.example/aero",
    image: "https://shop.example/aero.png",
    attributes: { type: "road" },
  },
  {
    id: "b2",
    name: "Sprint",
    url: "https://shop.example/sprint",
    image: "https://shop.example/sprint.png",
    attributes: { type: "road" },
  },
  {
    id: "b3",
    name: "Ridge",
    url: "https://shop.example/ridge",
    image: "https://shop.example/ridge.png",
    attributes: { type: "road" },
  },
  {
    id: "b4",
    name: "Commute",
    url: "https://shop.example/commute",
    image: "",
    attributes: { type: "city" },
  },
];

/** The update input for a floow as returned (the server-owned fields left out). */
function edit(floow: VersionedFloow, changes: Partial<Floow>) {
  const {
    organizationId: _o,
    userId: _u,
    createdAt: _c,
    updatedAt: _up,
    ...rest
  } = { ...floow, ...changes };
  return rest;
}

/** One question "Which bike?" whose choices filter `type` by these values. */
function question(floowId: string, types: string[]) {
  const step = createStep({ floowId, text: "<p>Which bike?</p>" });
  const filterGroups = [];
  const filters = [];
  for (const type of types) {
    const choice = createChoice({
      stepId: step.id,
      text: `<p>${type[0]?.toUpperCase()}${type.slice(1)}</p>`,
    });
    step.choices.push(choice);
    const group = createFilterGroup({ choiceId: choice.id });
    filterGroups.push(group);
    filters.push(
      createFilter({ filterGroupId: group.id, field: "type", operator: "equals", value: type }),
    );
  }
  return { steps: [step], filterGroups, filters };
}

describe.each(testDbKinds)("floow.publishCheck and the publish refusal (%s)", (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let outsider: TestUser;
  let domainId: string;
  let feedId: string;
  let site: Receiver;
  /** A caller whose safe fetch may reach 127.0.0.1 (the test-only loopback setting, as FETCH_ALLOW_LOOPBACK gives). */
  const as = (user: TestUser) =>
    createCallerFactory(appRouter)(
      createInnerContext({
        db: server.app.database.db,
        auth: server.app.auth,
        session: user.session,
        clientKey: "test",
        fetch: { allowLoopback: true },
      }),
    ).floow;

  /** A selling floow on the bikes feed with these changes saved to its draft. */
  async function floowWith(changes: (created: VersionedFloow) => Partial<Floow>) {
    const created = await as(admin).create({ domainId, type: "selling", name: "Bikes", feedId });
    return as(admin).update({ ...edit(created, changes(created)), version: created.version });
  }

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Acme");
    outsider = await createUser(server.app, "Olga Other");
    await createOrganization(server.app, outsider, "Other Co");
    feedId = await seedFeed(server.app.database.db, org.id, BIKES);
    domainId = (
      await callerFor(server.app, admin).domain.create({
        id: randomUUID(),
        name: "Shop",
        host: "shop.example",
      })
    ).id;
    site = await startReceiver();
    site.behave = (request) =>
      request.path.startsWith("/ok") ? { status: 200, body: "png" } : { status: 404, body: "gone" };
  });
  afterAll(async () => {
    await site.close();
    await server.close();
  });

  it("a draft with a dead end: the check names the path as an error at its choice, and publish refuses it", async () => {
    const floow = await floowWith((f) => question(f.id, ["road", "gravel"]));
    const check = await as(admin).publishCheck({ id: floow.id });
    const gravel = floow.steps[0]!.choices[1]!;
    expect(check.liveVersion).toBeNull();
    expect(check.changes).toEqual([
      {
        area: "settings",
        kind: "added",
        text: "First publish: everything is new (1 step, 2 choices, 0 triggers).",
      },
    ]);
    expect(check.items[0]).toEqual({
      severity: "error",
      rule: "dead-end",
      message:
        'Dead end: answering "Gravel" for Step "Which bike?" leaves no product. Change the filters of these choices or add a condition that leads elsewhere.',
      target: { page: "step", stepId: floow.steps[0]!.id, choiceId: gravel.id },
    });
    await expect(as(admin).publish({ id: floow.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: BLOCKED,
    });
    expect((await as(admin).byId({ id: floow.id })).status).toBe("development");
    expect((await as(admin).versions({ id: floow.id })).versions).toEqual([]);
  });

  it("warnings do not block: thin paths and a product without an image are listed, and publish goes through", async () => {
    const floow = await floowWith((f) => question(f.id, ["road", "city"]));
    const { items } = await as(admin).publishCheck({ id: floow.id });
    expect(items.map((i) => `${i.severity}:${i.rule}`)).toEqual([
      "warning:few-products",
      "warning:product-missing-image",
    ]);
    expect(items[0]?.message).toBe(
      'Answering "City" for Step "Which bike?" leaves only 1 product.',
    );
    expect(items[1]?.message).toContain('1 product shoppers can reach has no image ("Commute")');
    expect(await as(admin).publish({ id: floow.id })).toMatchObject({ status: "live" });
  });

  it("after a publish, the changes are the draft's edits against the live version", async () => {
    const floow = await floowWith((f) => question(f.id, ["road", "city"]));
    await as(admin).publish({ id: floow.id, note: "v1" });
    const live = await as(admin).byId({ id: floow.id });
    const step = live.steps[0]!;
    await as(admin).update({
      ...edit(live, {
        steps: [
          { ...step, text: "<p>Which bike fits you?</p>", choices: step.choices.slice(0, 1) },
        ],
      }),
      version: live.version,
    });
    // A version published before a setting existed (here the product link) reads with its
    // default, so that setting is no change.
    await sql`update "floow_version" set "snapshot" = "snapshot" #- '{finish,results,link}' where "floow_id" = ${floow.id}`.execute(
      server.app.database.db,
    );
    const check = await as(admin).publishCheck({ id: floow.id });
    expect(check.liveVersion).toBe(1);
    expect(check.changes.map((c) => c.text)).toEqual([
      'Step "Which bike fits you?": question text changed (was "Which bike?")',
      'Step "Which bike fits you?": choice "City" removed',
    ]);
  });

  it("links and images: not http(s) is an error that blocks publish; one answering 404 a warning that does not", async () => {
    const base = `http://127.0.0.1:${site.port}`;
    const before = site.requests.length;
    const broken = await floowWith((f) => ({
      ...question(f.id, ["road"]),
      start: { ...f.start, text: '<p>Read <a href="javascript:alert(1)">this</a> first</p>' },
    }));
    expect((await as(admin).publishCheck({ id: broken.id })).items[0]).toMatchObject({
      severity: "error",
      rule: "link-not-http",
      target: { page: "start" },
    });
    await expect(as(admin).publish({ id: broken.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: BLOCKED,
    });

    const floow = await floowWith((f) => {
      const parts = question(f.id, ["road"]);
      parts.steps[0]!.image = `${base}/missing-${kind}.png`;
      parts.steps[0]!.choices[0]!.image = `${base}/ok-${kind}.png`;
      return parts;
    });
    const { items } = await as(admin).publishCheck({ id: floow.id });
    expect(items.filter((i) => i.rule === "image-broken")).toEqual([
      {
        severity: "warning",
        rule: "image-broken",
        message: `Step "Which bike?": the image ${base}/missing-${kind}.png answers with status 404.`,
        target: { page: "step", stepId: floow.steps[0]!.id },
      },
    ]);
    const asked = site.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(asked).toEqual([
      `GET /missing-${kind}.png`,
      `HEAD /missing-${kind}.png`,
      `HEAD /ok-${kind}.png`,
    ]);
    // Publishing does not ask the addresses again, and a warning does not stop it.
    expect(await as(admin).publish({ id: floow.id })).toMatchObject({ status: "live" });
    expect(site.requests.length).toBe(before + 3);
  });

  it("a selling floow without a feed is refused; another organization's floow is NOT_FOUND", async () => {
    const created = await as(admin).create({ domainId, type: "selling", name: "No feed" });
    expect((await as(admin).publishCheck({ id: created.id })).items.map((i) => i.rule)).toEqual([
      "no-feed",
    ]);
    await expect(as(admin).publish({ id: created.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: BLOCKED,
    });
    await expect(as(outsider).publishCheck({ id: created.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(as(outsider).publish({ id: created.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
