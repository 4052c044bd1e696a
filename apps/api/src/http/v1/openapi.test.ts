import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../test/db";
import type { DbHandle } from "../../db/client";
import { registerRateLimit } from "../../services/rate-limit";
import { registerV1Routes } from "./index";

describe("/api/v1/openapi.json", () => {
  let database: DbHandle;
  let app: FastifyInstance;
  /** Every route Fastify registered under /api/v1, as `METHOD /path/{param}`. */
  const registered: string[] = [];

  beforeAll(async () => {
    database = await createTestDb("pglite");
    app = Fastify();
    app.addHook("onRoute", (route) => {
      const methods = [route.method].flat().filter((m) => m !== "HEAD");
      if (!route.url.startsWith("/api/v1/") || route.url === "/api/v1/openapi.json") return;
      for (const method of methods)
        registered.push(`${method} ${route.url.replace(/:(\w+)/g, "{$1}")}`);
    });
    await registerRateLimit(app);
    await registerV1Routes(app, { db: database.db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const fetchDocument = async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    return response.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { security: { apiKey: string[] }[]; responses: Record<string, unknown> }>
      >;
    };
  };

  it("is a valid OpenAPI 3.1 document, served without a key", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every route the server has, each with its scope and its error answers", async () => {
    const document = await fetchDocument();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(registered.length).toBeGreaterThanOrEqual(5);
    expect(documented.sort()).toEqual([...registered].sort());
    expect(documented).toEqual(
      expect.arrayContaining([
        "POST /api/v1/conversions",
        "GET /api/v1/floows",
        "GET /api/v1/floows/{id}",
        "GET /api/v1/events",
        "GET /api/v1/analytics/summary",
      ]),
    );
    for (const operations of Object.values(document.paths))
      for (const operation of Object.values(operations)) {
        expect(operation.security[0]?.apiKey).toHaveLength(1);
        expect(Object.keys(operation.responses)).toEqual(
          expect.arrayContaining(["400", "401", "403", "429"]),
        );
      }
  });
});
