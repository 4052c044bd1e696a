import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { computeResults, floowPartsFromSuggestion } from "@floow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedFeed } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { listFeedProductRecords } from "../db/queries/product";
import { appRouter } from "../trpc/app-router";
import { createInnerContext } from "../trpc/context";
import { createCallerFactory } from "../trpc/init";

/** The test feed: shoes with brand, colour, size and price. */
const SHOES = Array.from({ length: 40 }, (_, i) => ({
  id: `S${i}`,
  name: `Shoe ${i}`,
  price: 40 + (i % 10) * 15,
  attributes: {
    brand: ["Altra", "Hoka", "Salomon", "Brooks"][i % 4] as string,
    color: ["black", "blue", "red"][i % 3] as string,
    size: String(38 + (i % 6)),
    availability: i % 5 === 0 ? "out of stock" : "in stock",
  },
}));

/** What the fake model answers, and every request it saw. */
let modelAnswer: { status: number; body: unknown } = { status: 200, body: {} };
const seen: { headers: Record<string, unknown>; body: Record<string, unknown> }[] = [];
let model: Server;
let modelUrl: string;

const completion = (content: string) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "fake-model",
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
});

beforeAll(async () => {
  // A small OpenAI-compatible chat completions endpoint on 127.0.0.1.
  model = createHttpServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      seen.push({ headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
      res.writeHead(modelAnswer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(modelAnswer.body));
    });
  });
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  model.closeAllConnections();
  await new Promise((resolve) => model.close(resolve));
});

describe.each(testDbKinds)("ai.suggest (%s)", (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let floowId: string;
  const withModel = (user: TestUser) =>
    createCallerFactory(appRouter)(
      createInnerContext({
        db: server.app.database.db,
        auth: server.app.auth,
        session: user.session,
        clientKey: "test",
        ai: { baseUrl: modelUrl, apiKey: "test-key", model: "fake-model" },
      }),
    );

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await createUser(server.app, "Ada Admin");
    organizationId = (await createOrganization(server.app, admin, "Runners")).id;
    outsider = await createUser(server.app, "Olga Other");
    await createOrganization(server.app, outsider, "Other Co");
    const api = callerFor(server.app, admin);
    const domainId = (
      await api.domain.create({ id: randomUUID(), name: "Shop", host: "run.example" })
    ).id;
    const feedId = await seedFeed(server.app.database.db, organizationId, SHOES);
    floowId = (
      await api.floow.create({
        type: "selling",
        name: "Shoe finder",
        domainId,
        feedId,
        language: "nl",
      })
    ).id;
  });
  afterAll(() => server.close());

  it("without a model, suggests questions from the feed whose every choice finds products", async () => {
    const api = callerFor(server.app, admin);
    const answer = await api.ai.suggest({
      id: floowId,
      name: "Shoe finder",
      content: "Vraag naar kleur en maat",
    });
    expect(answer.source).toBe("feed");
    const titles = answer.analysis.questions.map((q) => q.title);
    // The prompt's words come first, in the floow's language.
    expect(titles.slice(0, 2)).toEqual([
      "Welke kleur heeft je voorkeur?",
      "Welke maat heb je nodig?",
    ]);
    expect(titles).toContain("Welk merk heeft je voorkeur?");
    expect(titles).toContain("Wat is je budget?");
    const products = await listFeedProductRecords(
      server.app.database.db,
      organizationId,
      (await api.floow.byId({ id: floowId })).feedId ?? "",
    );
    const parts = floowPartsFromSuggestion(answer.analysis.questions, floowId);
    for (const step of parts.steps)
      for (const choice of step.choices) {
        const result = computeResults(products, parts, [choice.id]);
        expect(result.partial, choice.text).toBe(false);
        expect(result.products.length, choice.text).toBeGreaterThan(0);
      }
  });

  it("with AI_* set, asks the OpenAI-compatible model for structured output and answers its questions", async () => {
    seen.length = 0;
    const questions = [
      {
        title: "Waar ga je hardlopen?",
        key: "terrain",
        choices: [
          { title: "Weg", key: "road" },
          { title: "Trail", key: "trail" },
        ],
      },
    ];
    modelAnswer = { status: 200, body: completion(JSON.stringify({ analysis: { questions } })) };
    const answer = await withModel(admin).ai.suggest({
      id: floowId,
      name: "Shoe finder",
      content: "Trail runners",
    });
    expect(answer).toEqual({ analysis: { questions }, source: "model" });

    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect(request.headers.authorization).toBe("Bearer test-key");
    expect(request.body.model).toBe("fake-model");
    expect(request.body.response_format).toMatchObject({ type: "json_schema" });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0]).toMatchObject({ role: "system" });
    expect(messages[0]?.content).toContain("Dutch");
    expect(messages.at(-1)?.content).toContain("Trail runners");
    // The feed's attributes go along, so the model asks about real ones.
    expect(messages.at(-1)?.content).toMatch(/brand: .*Altra/);
  });

  it("fails (the dialog closes silently) when the model errs or answers outside the schema", async () => {
    modelAnswer = { status: 500, body: { error: { message: "boom", type: "server_error" } } };
    await expect(
      withModel(admin).ai.suggest({ id: floowId, name: "", content: "x" }),
    ).rejects.toThrow();
    modelAnswer = {
      status: 200,
      body: completion('{"analysis": {"questions": [{"choices": 3}]}}'),
    };
    await expect(
      withModel(admin).ai.suggest({ id: floowId, name: "", content: "x" }),
    ).rejects.toThrow();
  });

  it("says which suggester answers: the model's name with AI_* set, else the feed", async () => {
    expect(await callerFor(server.app, admin).ai.config()).toEqual({ source: "feed", model: null });
    expect(await withModel(admin).ai.config()).toEqual({ source: "model", model: "fake-model" });
  });

  it("refuses an empty prompt at the field, and another organization's floow as NOT_FOUND", async () => {
    await expect(
      callerFor(server.app, admin).ai.suggest({ id: floowId, name: "", content: "  " }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      callerFor(server.app, outsider).ai.suggest({ id: floowId, name: "", content: "x" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
