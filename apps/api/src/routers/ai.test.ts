import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { computeResults } from "@floow/domain/results";
import { floowPartsFromSuggestion } from "@floow/domain/insights";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedFeed } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { listFeedProductRecords } from "../db/queries/product";
import {
  AI_MAX_OUTPUT_TOKENS,
  AI_NAME_MAX_CHARS,
  AI_REQUEST_MAX_BYTES,
  suggestWithModel,
} from "../services/ai-suggest";
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

/** What the fake model answers (a string is sent as is; `delayMs` before it), and every request it saw. */
let modelAnswer: { status: number; body: unknown; delayMs?: number } = { status: 200, body: {} };
const seen: {
  headers: Record<string, unknown>;
  body: Record<string, unknown>;
  /** The request body's size in bytes, as received. */
  bytes: number;
  /** Set when the client closed the connection before the answer was sent. */
  abortedAfterMs?: number;
}[] = [];
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
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const entry: (typeof seen)[number] = {
        headers: req.headers,
        body: JSON.parse(raw.toString()) as Record<string, unknown>,
        bytes: raw.byteLength,
      };
      seen.push(entry);
      const started = Date.now();
      const { status, body, delayMs = 0 } = modelAnswer;
      const timer = setTimeout(() => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(typeof body === "string" ? body : JSON.stringify(body));
      }, delayMs);
      res.on("close", () => {
        if (res.writableFinished) return;
        clearTimeout(timer);
        entry.abortedAfterMs = Date.now() - started;
      });
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
  const withModel = (user: TestUser, timeoutMs?: number) =>
    createCallerFactory(appRouter)(
      createInnerContext({
        db: server.app.database.db,
        auth: server.app.auth,
        session: user.session,
        clientKey: "test",
        ai: { baseUrl: modelUrl, apiKey: "test-key", model: "fake-model", timeoutMs },
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
    // The answer is capped: the model may not bill more output than a suggestion needs.
    expect(request.body.max_tokens).toBe(AI_MAX_OUTPUT_TOKENS);
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0]).toMatchObject({ role: "system" });
    expect(messages[0]?.content).toContain("Dutch");
    expect(messages.at(-1)?.content).toContain("Trail runners");
    // The feed's attributes go along, so the model asks about real ones.
    expect(messages.at(-1)?.content).toMatch(/brand: .*Altra/);
  });

  it.each([
    [
      "an error status",
      { status: 500, body: { error: { message: "boom", type: "server_error" } } },
    ],
    [
      "junk text",
      { status: 200, body: completion("Sure! Here are some great questions: 1. Colour?") },
    ],
    [
      "JSON of the wrong shape",
      { status: 200, body: completion('{"analysis": {"questions": [{"choices": 3}]}}') },
    ],
    ["no choices at all", { status: 200, body: { ...completion(""), choices: [] } }],
    ["a body that is not JSON", { status: 200, body: "<html>Bad gateway</html>" }],
  ])(
    "a model answering %s fails as the spec's silent failure (503 UNAVAILABLE, logged), never a 500",
    async (_, answer) => {
      modelAnswer = answer;
      const error = await withModel(admin)
        .ai.suggest({ id: floowId, name: "", content: "x" })
        .catch((e: unknown) => e);
      // The dialog closes without a message on any failure; the server answers 503, which
      // the tRPC handler logs with the model's error as the cause (http/trpc.ts).
      expect(error).toBeInstanceOf(TRPCError);
      expect(error).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
      expect((error as TRPCError).message).toBe(
        "The AI model gave no usable answer; no questions were suggested.",
      );
      expect((error as TRPCError).cause?.cause).toBeInstanceOf(Error);
    },
  );

  it("a slow model is cut off at the time limit: the request is aborted and the caller gets the silent failure", async () => {
    seen.length = 0;
    modelAnswer = { status: 200, body: completion("{}"), delayMs: 10_000 };
    const started = Date.now();
    const error = await withModel(admin, 300)
      .ai.suggest({ id: floowId, name: "", content: "x" })
      .catch((e: unknown) => e);
    const tookMs = Date.now() - started;
    expect(error).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "The AI model did not answer within 0.3 s; no questions were suggested.",
    });
    expect(tookMs).toBeLessThan(2_000);
    // One request (a timeout is not retried), and the model saw it closed at the limit.
    await expect.poll(() => seen[0]?.abortedAfterMs).toBeDefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.abortedAfterMs).toBeLessThan(1_500);
  });

  it("a 900,000-character name never makes the model request larger than AI_REQUEST_MAX_BYTES", async () => {
    const questions = [{ title: "Q", key: "q", choices: [{ title: "A", key: "a" }] }];
    modelAnswer = { status: 200, body: completion(JSON.stringify({ analysis: { questions } })) };
    seen.length = 0;
    const name = "N".repeat(900_000);
    // Through the procedure: refused at the field by the input schema, or sent within the bound.
    const viaRouter = await withModel(admin)
      .ai.suggest({ id: floowId, name, content: "Trail runners" })
      .catch((e: unknown) => e);
    if (viaRouter instanceof TRPCError) expect(viaRouter.code).toBe("BAD_REQUEST");
    else expect(seen[0]!.bytes).toBeLessThanOrEqual(AI_REQUEST_MAX_BYTES);

    // The service bounds the prompt whatever the schema lets through: the worst characters
    // (a quote is 2 bytes in JSON, € 3 in UTF-8, a control character would be 6) in every piece.
    seen.length = 0;
    const worst = (n: number) => '"€\u0001'.repeat(Math.ceil(n / 3)).slice(0, n);
    await suggestWithModel(
      { baseUrl: modelUrl, apiKey: "test-key", model: "fake-model" },
      {
        name: worst(900_000),
        content: worst(1_000_000),
        language: "en",
        attributes: Array.from({ length: 30 }, (_, i) => ({
          name: `${i}${worst(2_000)}`,
          values: Array.from({ length: 30 }, () => worst(2_000)),
        })),
      },
    );
    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect(request.bytes).toBeLessThanOrEqual(AI_REQUEST_MAX_BYTES);
    const prompt = (request.body.messages as { content: string }[]).at(-1)!.content;
    // The name's first characters, its control characters as spaces (JSON would spell each in 6 bytes).
    const name200 = worst(AI_NAME_MAX_CHARS).replaceAll("\u0001", " ").trim();
    expect(prompt).toContain(`Questionnaire: ${name200}\n`);
    expect(prompt).not.toContain("\u0001");
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
