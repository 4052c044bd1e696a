import {
  createChoice,
  createFilter,
  createFilterGroup,
  createStep,
  createTrigger,
} from "@floow/domain/floow";
import { fieldErrorsFrom } from "@floow/domain/errors";
import type { VersionedFloow } from "@floow/domain/floow";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import { seedFeed } from "../../test/floows";
import type { TestUser } from "../../test/factories";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";

const CONFLICT = "This floow was changed elsewhere. Reload to see the latest version.";

/** The update input for a floow as returned (the server-owned fields left out). */
function edit(floow: VersionedFloow, changes: Partial<VersionedFloow> = {}) {
  const {
    organizationId: _o,
    userId: _u,
    createdAt: _c,
    updatedAt: _up,
    ...rest
  } = { ...floow, ...changes };
  return rest;
}

describe.each(testDbKinds)("floow router (%s)", (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let domainId: string;
  let secondDomainId: string;
  let outsiderDomainId: string;
  let orgId: string;
  let feedId: string;
  let outsiderFeedId: string;
  const as = (user: TestUser) => callerFor(server.app, user).floow;

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Acme");
    member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    outsider = await createUser(server.app, "Olga Other");
    const outsiderOrg = await createOrganization(server.app, outsider, "Other Co");
    orgId = org.id;
    feedId = await seedFeed(server.app.database.db, org.id);
    outsiderFeedId = await seedFeed(server.app.database.db, outsiderOrg.id);
    domainId = (
      await callerFor(server.app, admin).domain.create({
        id: randomUUID(),
        name: "Shop",
        host: "shop.example",
      })
    ).id;
    secondDomainId = (
      await callerFor(server.app, admin).domain.create({
        id: randomUUID(),
        name: "Two",
        host: "two.example",
      })
    ).id;
    outsiderDomainId = (
      await callerFor(server.app, outsider).domain.create({
        id: randomUUID(),
        name: "X",
        host: "x.example",
      })
    ).id;
  });
  afterAll(() => server.close());

  it("create makes a development selling floow by the caller, version 1", async () => {
    const created = await as(member).create({
      domainId,
      type: "selling",
      name: "Shoes",
      language: "nl",
      feedId,
    });
    expect(created).toMatchObject({
      domainId,
      type: "selling",
      status: "development",
      language: "nl",
      name: "Shoes",
      feedId,
      userId: member.id,
      version: 1,
      skipTrigger: false,
      showBackButton: true,
      container: { type: "dialog" },
      progress: { type: "linear" },
    });
    expect(await as(admin).byId({ id: created.id })).toEqual(created);
  });

  it("create turns an empty name into New Floow and forces a data floow's settings", async () => {
    const created = await as(member).create({ domainId, type: "data", name: " ", feedId });
    expect(created).toMatchObject({
      name: "New Floow",
      language: "en",
      feedId: null,
      skipTrigger: true,
      showBackButton: false,
      container: { type: "embedded" },
      progress: { type: "none" },
    });
  });

  it("create names the failing fields with the spec's messages", async () => {
    const error = await as(member)
      .create({ domainId: "", type: "quiz" as "data", name: "X" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    expect(fieldErrorsFrom((error as Error).cause)).toEqual([
      { path: ["domainId"], message: "Please select a domain." },
      { path: ["type"], message: "Please select a floow type." },
    ]);
  });

  it("a feed must be the organization's: another's is NOT_FOUND at feedId, a deleted one leaves the floow without", async () => {
    const error = await as(member)
      .create({ domainId, type: "selling", name: "Theirs", feedId: outsiderFeedId })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "NOT_FOUND",
      cause: { fieldErrors: [{ path: ["feedId"], message: "Please select a feed." }] },
    });
    const created = await as(member).create({ domainId, type: "selling", name: "Mine" });
    await expect(
      as(member).update({ ...edit(created, { feedId: outsiderFeedId }), version: 1 }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const ownFeed = await seedFeed(server.app.database.db, orgId);
    const withFeed = await as(member).update({ ...edit(created, { feedId: ownFeed }), version: 1 });
    expect(withFeed.feedId).toBe(ownFeed);
    await server.app.database.db.deleteFrom("feed").where("id", "=", ownFeed).execute();
    expect((await as(member).byId({ id: created.id })).feedId).toBeNull();
  });

  it("update saves the content, counts the version and refuses a stale version with CONFLICT", async () => {
    const created = await as(member).create({ domainId, type: "selling", name: "Draft" });
    const step = createStep({ floowId: created.id, choices: [createChoice()] });
    const saved = await as(member).update({
      ...edit(created, { name: "Saved", steps: [step] }),
      version: 1,
    });
    expect(saved).toMatchObject({ name: "Saved", version: 2, steps: [{ id: step.id }] });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    // A second editor still on version 1.
    const error = await as(admin)
      .update({ ...edit(created, { name: "Theirs" }), version: 1 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "CONFLICT", message: CONFLICT });
    expect((await as(admin).byId({ id: created.id })).name).toBe("Saved");
  });

  it("the dashboard gets the conflict message and code over HTTP", async () => {
    const created = await as(admin).create({ domainId, type: "selling", name: "Http" });
    await as(admin).update({ ...edit(created), version: 1 });
    const signIn = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: jsonWrite,
      payload: { email: admin.email, password: "correct horse battery" },
    });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const response = await server.app.inject({
      method: "POST",
      url: "/trpc/floow.update",
      headers: { ...jsonWrite, cookie },
      payload: { ...edit(created), version: 1 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ message: CONFLICT, data: { code: "CONFLICT" } });
  });

  it("update leaves the status alone, keeps the invariants, saves a data floow's settings as sent and checks the domain", async () => {
    const created = await as(member).create({ domainId, type: "selling", name: "Rules", feedId });
    const saved = await as(member).update({
      ...edit(created, { status: "live", type: "data", showBackButton: true, name: "" }),
      version: created.version,
    });
    // Invariants: a name, and a data floow has no feed and a basic finish page.
    expect(saved).toMatchObject({
      status: "development",
      type: "data",
      name: "New Floow",
      feedId: null,
      finish: { type: "basic" },
    });
    // The settings forced at creation (spec section 4: "Creating a data floow forces …") are the user's afterwards.
    expect(saved).toMatchObject({
      showBackButton: true,
      skipTrigger: false,
      container: { type: "dialog" },
      progress: { type: "linear" },
    });
    const data = await as(member).create({ domainId, type: "data", name: "Form" });
    expect(data).toMatchObject({
      skipTrigger: true,
      showBackButton: false,
      container: { type: "embedded" },
      progress: { type: "none" },
    });
    const changed = await as(member).update({
      ...edit(data, {
        skipTrigger: false,
        container: { ...data.container, type: "dialog" },
        progress: { ...data.progress, type: "steps" },
      }),
      version: data.version,
    });
    expect(changed).toMatchObject({
      skipTrigger: false,
      container: { type: "dialog" },
      progress: { type: "steps" },
    });
    expect(await as(member).byId({ id: data.id })).toEqual(changed);
    const moved = await as(member).update({
      ...edit(saved, { domainId: secondDomainId }),
      version: saved.version,
    });
    expect(moved.domainId).toBe(secondDomainId);
    const error = await as(member)
      .update({ ...edit(moved, { domainId: outsiderDomainId }), version: moved.version })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "NOT_FOUND" });
  });

  it("update refuses a bad payload with BAD_REQUEST at the field, and nothing saved is lost", async () => {
    const created = await as(member).create({ domainId, type: "selling", name: "Valid" });
    const step = createStep({ floowId: created.id });
    const good = await as(member).update({ ...edit(created, { steps: [step] }), version: 1 });
    const trigger = createTrigger({ route: "/shop", value: "finder" });
    const { version: _version, ...withoutVersion } = { ...edit(good), version: good.version };
    const cases: [unknown, (string | number)[]][] = [
      [
        {
          ...edit(good, { container: { ...good.container, type: "popup" as "dialog" } }),
          version: good.version,
        },
        ["container", "type"],
      ],
      [{ ...edit(good, { language: "es" as "en" }), version: good.version }, ["language"]],
      [
        {
          ...edit(good, { steps: [{ ...step, type: "slider" as "single" }] }),
          version: good.version,
        },
        ["steps", 0, "type"],
      ],
      [
        { ...edit(good, { steps: [{ ...step, id: "" }] }), version: good.version },
        ["steps", 0, "id"],
      ],
      [
        { ...edit(good, { triggers: [{ ...trigger, route: " " }] }), version: good.version },
        ["triggers", 0, "route"],
      ],
      [
        {
          ...edit(good, { triggers: [{ ...trigger, target: "above" as "inside" }] }),
          version: good.version,
        },
        ["triggers", 0, "target"],
      ],
      [withoutVersion, ["version"]],
      [{ ...edit(good), version: 0 }, ["version"]],
    ];
    for (const [input, path] of cases) {
      const error = await as(member)
        .update(input as Parameters<ReturnType<typeof as>["update"]>[0])
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      expect(fieldErrorsFrom((error as Error).cause).map((e) => e.path)).toEqual([path]);
    }
    const trigger400 = await as(member)
      .update({ ...edit(good, { triggers: [{ ...trigger, value: "" }] }), version: good.version })
      .catch((e: unknown) => e);
    expect(fieldErrorsFrom((trigger400 as Error).cause)).toEqual([
      {
        path: ["triggers", 0, "value"],
        message: "Value cannot be empty. Please provide a valid value.",
      },
    ]);
    expect(await as(member).byId({ id: created.id })).toEqual(good);
  });

  it("publish, archive, restore, remove, byId, duplicate and previewResults refuse malformed input with BAD_REQUEST at the field", async () => {
    const created = await as(member).create({ domainId, type: "selling", name: "Untouched" });
    const floow = callerFor(server.app, member).floow;
    const cases: [() => Promise<unknown>, (string | number)[]][] = [
      [() => floow.publish({ id: "" }), ["id"]],
      [() => floow.archive({ id: "" }), ["id"]],
      [() => floow.restore({ id: 7 as unknown as string }), ["id"]],
      [() => floow.remove({ id: "" }), ["id"]],
      [() => floow.byId({ id: "" }), ["id"]],
      [() => floow.duplicate({ id: created.id, domainId: "" }), ["domainId"]],
      [() => floow.duplicate({ id: created.id, domainId: 12 as unknown as string }), ["domainId"]],
      [() => floow.previewResults({ id: "", choiceIds: [] }), ["id"]],
      [
        () => floow.previewResults({ id: created.id, choiceIds: "c1" as unknown as string[] }),
        ["choiceIds"],
      ],
      [
        () =>
          floow.previewResults({
            id: created.id,
            choiceIds: Array.from({ length: 501 }, (_, i) => `c${i}`),
          }),
        ["choiceIds"],
      ],
      [
        () =>
          floow.previewResults({
            id: created.id,
            choiceIds: [],
            filters: [
              { id: "f", filterGroupId: "g", field: "x", operator: "like" as "equals", value: "" },
            ],
          }),
        ["filters", 0, "operator"],
      ],
    ];
    for (const [call, path] of cases) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      expect(fieldErrorsFrom((error as Error).cause).map((e) => e.path)).toEqual([path]);
    }
    expect(await as(member).byId({ id: created.id })).toEqual(created);
    expect((await as(member).list()).filter((f) => f.name.startsWith("Untouched"))).toHaveLength(1);
  });

  it("publish → live, archive → archived, restore → development; an archived floow is restored before publishing", async () => {
    // A data floow: a selling one without a feed is refused by the pre-publish check.
    const created = await as(member).create({ domainId, type: "data", name: "Lifecycle" });
    expect(await as(member).publish({ id: created.id })).toMatchObject({
      status: "live",
      version: 1,
    });
    expect((await as(member).publish({ id: created.id })).status).toBe("live");
    expect((await as(member).archive({ id: created.id })).status).toBe("archived");
    await expect(as(member).publish({ id: created.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Restore this floow before publishing it.",
    });
    expect((await as(member).restore({ id: created.id })).status).toBe("development");
    // Status changes keep the version: an open editor can still save.
    expect(
      (await as(member).update({ ...edit(created, { name: "Still mine" }), version: 1 })).version,
    ).toBe(2);
  });

  it("duplicate copies with new ids, (copy) name and development status, in the same or another domain", async () => {
    // Publishable: a feed with a red product, and a choice with a text (the pre-publish check).
    const redFeed = await seedFeed(server.app.database.db, orgId, [
      { id: "red-1", name: "Red", attributes: { color: "red" } },
    ]);
    const created = await as(admin).create({
      domainId,
      type: "selling",
      name: "Original",
      feedId: redFeed,
    });
    const choice = createChoice({ text: "<p>Red</p>" });
    const step = createStep({ floowId: created.id, choices: [choice] });
    const group = createFilterGroup({ choiceId: choice.id });
    const filter = createFilter({ filterGroupId: group.id, field: "color", value: "red" });
    const trigger = createTrigger({ route: "/shoes", value: "floow" });
    const saved = await as(admin).update({
      ...edit(created, {
        steps: [step],
        filterGroups: [group],
        filters: [filter],
        triggers: [trigger],
      }),
      version: 1,
    });
    await as(admin).publish({ id: saved.id });

    const copy = await as(member).duplicate({ id: saved.id });
    expect(copy).toMatchObject({
      name: "Original (copy)",
      status: "development",
      domainId,
      userId: member.id,
      version: 1,
    });
    expect(copy.id).not.toBe(saved.id);
    expect(copy.steps[0]?.id).not.toBe(step.id);
    expect(copy.filterGroups[0]?.choiceId).toBe(copy.steps[0]?.choices[0]?.id);
    expect(copy.filters[0]?.filterGroupId).toBe(copy.filterGroups[0]?.id);
    expect(copy.triggers).toHaveLength(1);

    const moved = await as(member).duplicate({ id: saved.id, domainId: secondDomainId });
    expect(moved).toMatchObject({ domainId: secondDomainId, triggers: [] });
    await expect(
      as(member).duplicate({ id: saved.id, domainId: outsiderDomainId }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await as(admin).byId({ id: saved.id })).status).toBe("live");
  });

  it("remove deletes the floow", async () => {
    const created = await as(member).create({ domainId, type: "data", name: "Bye" });
    expect(await as(member).remove({ id: created.id })).toEqual({ id: created.id });
    await expect(as(member).byId({ id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(as(member).remove({ id: created.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("list filters by domain and status", async () => {
    const a = await as(admin).create({ domainId: secondDomainId, type: "selling", name: "A" });
    const b = await as(admin).create({ domainId: secondDomainId, type: "data", name: "B" });
    await as(admin).publish({ id: b.id });
    const ofDomain = await as(member).list({ domainId: secondDomainId });
    expect(ofDomain.map((f) => f.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ofDomain.every((f) => f.domainId === secondDomainId)).toBe(true);
    const live = await as(member).list({ domainId: secondDomainId, status: "live" });
    expect(live.map((f) => f.id)).toEqual([b.id]);
    expect((await as(member).list()).length).toBeGreaterThanOrEqual(ofDomain.length);
  });

  describe("previewResults", () => {
    const products = [
      {
        id: "p1",
        name: "<b>Red shoe</b>",
        price: 80,
        attributes: { color: "red", size: ["41", "42"] },
      },
      { id: "p2", name: "Blue shoe", price: 120, attributes: { color: "blue", size: ["42"] } },
      {
        id: "p3",
        name: "Red boot",
        price: 150,
        url: "javascript:alert(1)",
        attributes: { color: "red", size: ["43"] },
      },
    ];
    const names = (results: { products: Record<string, unknown>[] }) =>
      results.products.map((p) => p.title);

    /** A development selling floow on a fresh feed: step 1 red/blue (red filters color=red), step 2 cheap. */
    async function sellingFloow() {
      const ownFeed = await seedFeed(server.app.database.db, orgId, products);
      const created = await as(member).create({
        domainId,
        type: "selling",
        name: "Preview",
        feedId: ownFeed,
      });
      const red = createChoice();
      const blue = createChoice();
      const cheap = createChoice();
      const colorGroup = createFilterGroup({ choiceId: red.id });
      const cheapGroup = createFilterGroup({ choiceId: cheap.id });
      const saved = await as(member).update({
        ...edit(created, {
          steps: [
            createStep({ floowId: created.id, choices: [red, blue] }),
            createStep({ floowId: created.id, choices: [cheap] }),
          ],
          filterGroups: [colorGroup, cheapGroup],
          filters: [
            createFilter({ filterGroupId: colorGroup.id, field: "color", value: "red" }),
            createFilter({
              filterGroupId: cheapGroup.id,
              field: "price",
              operator: "lessThan",
              value: "100",
            }),
          ],
        }),
        version: 1,
      });
      return { saved, red, blue, cheap, blueGroup: createFilterGroup({ choiceId: blue.id }) };
    }

    it("gives an unpublished floow every product with no selections, sanitized, and the matching ones for its choices", async () => {
      const { saved, red, cheap } = await sellingFloow();
      expect(saved.status).toBe("development");
      const all = await as(member).previewResults({ id: saved.id, choiceIds: [] });
      expect(all).toMatchObject({ partial: false });
      expect(names(all)).toEqual(["Red shoe", "Blue shoe", "Red boot"]);
      expect(all.products[2]).toMatchObject({ id: "p3", link: "", color: "red", size: ["43"] });
      expect(names(await as(admin).previewResults({ id: saved.id, choiceIds: [red.id] }))).toEqual([
        "Red shoe",
        "Red boot",
      ]);
      expect(
        names(await as(admin).previewResults({ id: saved.id, choiceIds: [red.id, cheap.id] })),
      ).toEqual(["Red shoe"]);
    });

    it("uses the editor's unsaved filters, groups and steps when given", async () => {
      const { saved, red, blue, blueGroup } = await sellingFloow();
      const filterGroups = [...saved.filterGroups, blueGroup];
      const filters = [
        ...saved.filters,
        createFilter({ filterGroupId: blueGroup.id, field: "color", value: "blue" }),
      ];
      // Same step: red or blue widen each other.
      expect(
        names(
          await as(member).previewResults({
            id: saved.id,
            choiceIds: [red.id, blue.id],
            filterGroups,
            filters,
          }),
        ),
      ).toEqual(["Red shoe", "Blue shoe", "Red boot"]);
      // Moved into steps of their own, they narrow each other: nothing is both, the best partial match shows.
      const steps = [
        { id: "a", choices: [{ id: red.id }] },
        { id: "b", choices: [{ id: blue.id }] },
      ];
      const apart = await as(member).previewResults({
        id: saved.id,
        choiceIds: [red.id, blue.id],
        filterGroups,
        filters,
        steps,
      });
      expect(apart.partial).toBe(true);
      // Filters removed in the editor: no constraint left.
      expect(
        names(
          await as(member).previewResults({
            id: saved.id,
            choiceIds: [red.id],
            filterGroups: [],
            filters: [],
          }),
        ),
      ).toHaveLength(3);
    });

    it("gives no products for a floow without a feed or a data floow", async () => {
      const noFeed = await as(member).create({ domainId, type: "selling", name: "No feed" });
      expect(await as(member).previewResults({ id: noFeed.id, choiceIds: [] })).toEqual({
        products: [],
        cards: [],
        partial: false,
      });
      const data = await as(member).create({ domainId, type: "data", name: "Data" });
      expect(await as(member).previewResults({ id: data.id, choiceIds: [] })).toEqual({
        products: [],
        cards: [],
        partial: false,
      });
    });

    it("another organization's floow is NOT_FOUND, whatever filters it sends", async () => {
      const { saved, red } = await sellingFloow();
      await expect(
        as(outsider).previewResults({ id: saved.id, choiceIds: [] }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(
        as(outsider).previewResults({
          id: saved.id,
          choiceIds: [red.id],
          filterGroups: [],
          filters: [],
        }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(
        as(outsider).previewResults({ id: randomUUID(), choiceIds: [] }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(names(await as(member).previewResults({ id: saved.id, choiceIds: [] }))).toHaveLength(
        3,
      );
    });
  });

  it("another organization gets NOT_FOUND for every floow procedure and lists nothing of it", async () => {
    const created = await as(admin).create({ domainId, type: "selling", name: "Private" });
    const them = as(outsider);
    const id = created.id;
    await expect(them.byId({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      them.update({ ...edit(created, { domainId: outsiderDomainId }), version: 1 }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(them.publish({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(them.archive({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(them.restore({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(them.duplicate({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(them.duplicate({ id, domainId: outsiderDomainId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(them.remove({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(them.previewResults({ id, choiceIds: [] })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      them.create({ domainId, type: "selling", name: "In their domain" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await them.list()).map((f) => f.id)).not.toContain(id);
    expect(await as(admin).byId({ id })).toMatchObject({
      name: "Private",
      status: "development",
      version: 1,
    });
  });
});
