import { randomUUID } from "node:crypto";
import { createChoice, createFilter, createFilterGroup, createStep } from "@floow/domain/floow";
import type { Filter, FilterGroup } from "@floow/domain/filter";
import type { Step, VersionedFloow } from "@floow/domain/floow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedFeed } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { publishFloow } from "../db/queries/floow-version";
import { enqueueRefreshedFeedChecks } from "../services/insights";
import { createResultsService } from "../services/results";

const BIKES = [
  { id: "B1", name: "Aero", price: 1499, attributes: { type: "road", availability: "in stock" } },
  { id: "B2", name: "Sprint", price: 899, attributes: { type: "road", availability: "in stock" } },
  {
    id: "B3",
    name: "Ridge",
    price: 1299,
    attributes: { type: "mountain", availability: "out of stock" },
  },
  {
    id: "B4",
    name: "Trail",
    price: 749,
    attributes: { type: "mountain", availability: "out of stock" },
  },
  { id: "B5", name: "Commute", price: 599, attributes: { type: "city", availability: "in stock" } },
  { id: "B6", name: "Cargo", price: 1899, attributes: { type: "city", availability: "in stock" } },
];

/** Two questions: the kind of bike (road, city, mountain), and the budget (under 800, 800 and more). */
function bikeQuestions() {
  const filterGroups: FilterGroup[] = [];
  const filters: Filter[] = [];
  const choice = (
    stepId: string,
    text: string,
    filter: Pick<Filter, "field" | "operator" | "value">,
  ) => {
    const c = createChoice({ stepId, text: `<p>${text}</p>` });
    const group = createFilterGroup({ choiceId: c.id });
    filterGroups.push(group);
    filters.push(createFilter({ filterGroupId: group.id, ...filter }));
    return c;
  };
  const kind = createStep({ text: "<p>Kind</p>" });
  kind.choices = [
    choice(kind.id, "Road", { field: "type", operator: "equals", value: "road" }),
    choice(kind.id, "City", { field: "type", operator: "equals", value: "city" }),
    choice(kind.id, "Mountain", { field: "type", operator: "equals", value: "mountain" }),
  ];
  const budget = createStep({ text: "<p>Budget</p>" });
  budget.choices = [
    choice(budget.id, "Under € 800", { field: "price", operator: "lessThan", value: "800" }),
    choice(budget.id, "€ 800 and more", {
      field: "price",
      operator: "greaterThanOrEquals",
      value: "800",
    }),
  ];
  return { steps: [kind, budget] as Step[], filterGroups, filters };
}

describe.each(testDbKinds)("insight router (%s)", (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let outsider: TestUser;
  let feedId: string;
  let floow: VersionedFloow;
  const questions = bikeQuestions();

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Velo");
    outsider = await createUser(server.app, "Olga Other");
    await createOrganization(server.app, outsider, "Other Co");
    const api = callerFor(server.app, admin);
    const domainId = (
      await api.domain.create({ id: randomUUID(), name: "Shop", host: "velo.example" })
    ).id;
    feedId = await seedFeed(server.app.database.db, org.id, BIKES);
    const created = await api.floow.create({
      type: "selling",
      name: "Bike finder",
      domainId,
      feedId,
    });
    const {
      organizationId: _o,
      userId: _u,
      createdAt: _c,
      updatedAt: _up,
      version,
      ...input
    } = created;
    floow = await api.floow.update({ ...input, ...questions, version });
  });
  afterAll(() => server.close());

  it("counts each choice's matches in the floow's feed, and of those in stock, for unsaved filters too", async () => {
    const api = callerFor(server.app, admin);
    const counts = await api.insight.matchCounts({ id: floow.id });
    expect(counts).toMatchObject({ total: 6, inStock: 4 });
    expect(counts?.choices.map((c) => [c.matches, c.inStock])).toEqual([
      [2, 2],
      [2, 2],
      [2, 0],
      [2, 1],
      [4, 3],
    ]);
    // The editor's filters as typed: "mountain" → "mountainous" matches nothing.
    const edited = questions.filters.map((f) =>
      f.value === "mountain" ? { ...f, value: "mountainous" } : f,
    );
    const live = await api.insight.matchCounts({ id: floow.id, filters: edited });
    expect(live?.choices[2]).toMatchObject({ filtered: true, matches: 0, inStock: 0 });
  });

  it("checks the dead ends after a save (the job worker), keeps them with the floow and counts them", async () => {
    const api = callerFor(server.app, admin);
    await server.app.jobs.drain();
    const checked = await api.insight.deadEnds({ id: floow.id });
    // Road under 800 leaves nothing; mountain bikes are all out of stock.
    expect(checked?.current).toBe(true);
    expect(checked?.report).toMatchObject({ paths: 5, sampled: false, count: 2 });
    const [kindStep, budgetStep] = questions.steps as [Step, Step];
    expect(checked?.report.deadEnds).toEqual([
      {
        answers: [
          { stepId: kindStep.id, choiceIds: [kindStep.choices[0]?.id] },
          { stepId: budgetStep.id, choiceIds: [budgetStep.choices[0]?.id] },
        ],
        reason: "noProducts",
      },
      {
        answers: [{ stepId: kindStep.id, choiceIds: [kindStep.choices[2]?.id] }],
        reason: "noneInStock",
      },
    ]);
    expect(await api.insight.deadEndCounts()).toEqual([{ floowId: floow.id, count: 2 }]);
  });

  it("checks again when the floow's feed was refreshed after the last check", async () => {
    const api = callerFor(server.app, admin);
    const db = server.app.database.db;
    await db
      .updateTable("product")
      .set({ attributes: JSON.stringify({ type: "mountain", availability: "in stock" }) })
      .where("external_id", "=", "B4")
      .execute();
    await db
      .updateTable("feed")
      .set({ last_refresh_at: new Date(Date.now() + 1000), last_refresh_status: "ok" })
      .where("id", "=", feedId)
      .execute();
    const { invalidateFeedCaches } = await import("../services/cache");
    invalidateFeedCaches((await api.user.get()).organization?.id ?? "", feedId);
    expect(await enqueueRefreshedFeedChecks(db)).toBeGreaterThanOrEqual(1);
    await server.app.jobs.drain();
    const checked = await api.insight.deadEnds({ id: floow.id });
    // Trail (mountain, 749) is in stock now: mountain under 800 lives; mountain from 800
    // (Ridge) is still out of stock.
    const [kindStep, budgetStep] = questions.steps as [Step, Step];
    expect(checked?.report.count).toBe(2);
    expect(checked?.report.deadEnds[1]).toEqual({
      answers: [
        { stepId: kindStep.id, choiceIds: [kindStep.choices[2]?.id] },
        { stepId: budgetStep.id, choiceIds: [budgetStep.choices[1]?.id] },
      ],
      reason: "noneInStock",
    });
  });

  it("ranks partial matches with the answers each meets, or shows the placeholder when the floow says so", async () => {
    const api = callerFor(server.app, admin);
    const db = server.app.database.db;
    // This floow has dead ends, which floow.publish refuses (the pre-publish check); a live
    // floow gets them anyway when its feed changes, so it is made live as publish would.
    const organizationId = floow.organizationId;
    const goLive = () => publishFloow(db, organizationId, floow.id, { userId: null, note: "" });
    await goLive();
    const [kindStep, budgetStep] = questions.steps as [Step, Step];
    const road = kindStep.choices[0]?.id as string;
    const cheap = budgetStep.choices[0]?.id as string;
    const results = createResultsService(db);
    const ranked = await results.compute(floow.id, [road, cheap]);
    expect(ranked?.partial).toBe(true);
    expect(ranked?.products.map((p) => p.id)).toEqual(["B1", "B2", "B4", "B5"]);
    expect(ranked?.matches).toEqual([["Road"], ["Road"], ["Under € 800"], ["Under € 800"]]);
    // The editor's preview answers the same, with the labels as the editor has them.
    const preview = await api.floow.previewResults({
      id: floow.id,
      choiceIds: [road, cheap],
      steps: questions.steps.map((s) => ({
        id: s.id,
        choices: s.choices.map((c) => ({ id: c.id, text: c.text.replace("Road", "Racing") })),
      })),
    });
    expect(preview.matches).toEqual([["Racing"], ["Racing"], ["Under € 800"], ["Under € 800"]]);

    const current = await api.floow.byId({ id: floow.id });
    const {
      organizationId: _o,
      userId: _u,
      createdAt: _c,
      updatedAt: _up,
      version,
      ...input
    } = current;
    await api.floow.update({
      ...input,
      finish: { ...input.finish, results: { ...input.finish.results, partial: "placeholder" } },
      version,
    });
    await goLive();
    const placeholder = await createResultsService(db).compute(floow.id, [road, cheap]);
    expect(placeholder).toEqual({ products: [], cards: [], partial: false });
  });

  it("gives another organization's floow as NOT_FOUND", async () => {
    const other = callerFor(server.app, outsider);
    await expect(other.insight.matchCounts({ id: floow.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(other.insight.deadEnds({ id: floow.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await other.insight.deadEndCounts()).toEqual([]);
    await expect(other.insight.matchCounts({ id: floow.id, feedId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
