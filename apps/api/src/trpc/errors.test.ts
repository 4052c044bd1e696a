import { DomainError } from "@floow/domain/errors";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import type { SessionData } from "../auth/session";
import type { DB } from "../db/database";
import type { Kysely } from "kysely";
import { createInnerContext } from "./context";
import { batchRetryAfterOf } from "./errors";
import { authedProcedure, publicProcedure, rateLimit, router } from "./init";
import { requireRole } from "./middleware/organization";

/**
 * The error contract the dashboard reads (apps/dashboard/src/lib/trpc-errors.ts): each kind
 * of error as it leaves the server, through init.ts's errorFormatter and the same Retry-After
 * rule as http/trpc.ts. The dashboard's trpc-errors.test.ts reads these very bodies: change
 * both together.
 */
const testRouter = router({
  signedIn: authedProcedure.query(() => "yes"),
  adminOnly: publicProcedure.mutation(() => requireRole({ id: "org", role: "member" }, "admin")),
  byId: publicProcedure.input(z.object({ id: z.string() })).query(() => {
    throw new DomainError("NOT_FOUND", "No such floow.");
  }),
  save: publicProcedure.mutation(() => {
    throw new DomainError(
      "CONFLICT",
      "This floow was changed elsewhere. Reload to see the latest version.",
    );
  }),
  create: publicProcedure
    .input(z.object({ name: z.string().min(1, "Please enter a name."), host: z.string() }))
    .mutation(() => "made"),
  refuse: publicProcedure.mutation(() => {
    throw new DomainError("BAD_REQUEST", "Restore this floow before publishing it.");
  }),
  busy: publicProcedure.use(rateLimit({ window: 60, max: 1 })).mutation(() => "ok"),
  lostDatabase: publicProcedure.query(() => {
    throw Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
  }),
});

const session: SessionData = {
  user: { id: "u", name: "U", email: "u@example.com" },
  session: { id: "s", activeOrganizationId: null },
};

async function call(
  path: string,
  init: { method?: string; body?: unknown; signedIn?: boolean } = {},
) {
  const method = init.method ?? "POST";
  const url =
    method === "GET"
      ? `http://api.test/trpc/${path}?input=${encodeURIComponent(JSON.stringify(init.body ?? null))}`
      : `http://api.test/trpc/${path}`;
  const response = await fetchRequestHandler({
    endpoint: "/trpc",
    router: testRouter,
    req: new Request(url, {
      method,
      headers: { "content-type": "application/json" },
      body: method === "GET" ? undefined : JSON.stringify(init.body ?? null),
    }),
    createContext: () =>
      createInnerContext({
        db: {} as Kysely<DB>,
        auth: {} as Auth,
        session: init.signedIn ? session : null,
        clientKey: "127.0.0.1",
      }),
    responseMeta: ({ errors }) => {
      const retryAfter = batchRetryAfterOf(errors);
      return retryAfter ? { headers: { "retry-after": String(retryAfter) } } : {};
    },
  });
  const body = (await response.json()) as {
    error?: { message: string; code: number; data: Record<string, unknown> };
  };
  // The stack is sent in development only; the rest is what every client gets.
  delete body.error?.data.stack;
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body };
}

describe("the error shapes the dashboard reads", () => {
  it("a signed-out call: UNAUTHORIZED, 401", async () => {
    expect(await call("signedIn", { method: "GET" })).toEqual({
      status: 401,
      retryAfter: null,
      body: {
        error: {
          message: "Please sign in.",
          code: -32001,
          data: {
            code: "UNAUTHORIZED",
            trpcCode: "UNAUTHORIZED",
            httpStatus: 401,
            path: "signedIn",
            fieldErrors: [],
          },
        },
      },
    });
    expect((await call("signedIn", { method: "GET", signedIn: true })).status).toBe(200);
  });

  it("a member asking for an admin action: FORBIDDEN, 403", async () => {
    expect(await call("adminOnly")).toMatchObject({
      status: 403,
      body: {
        error: {
          message: "Only an admin of the organization can do this.",
          code: -32003,
          data: {
            code: "FORBIDDEN",
            trpcCode: "FORBIDDEN",
            httpStatus: 403,
            path: "adminOnly",
            fieldErrors: [],
          },
        },
      },
    });
  });

  it("NOT_FOUND (404), CONFLICT (409) and a refusal (BAD_REQUEST, 400) with the thrower's message", async () => {
    expect((await call("byId", { method: "GET", body: { id: "x" } })).body.error).toEqual({
      message: "No such floow.",
      code: -32004,
      data: {
        code: "NOT_FOUND",
        trpcCode: "NOT_FOUND",
        httpStatus: 404,
        path: "byId",
        fieldErrors: [],
      },
    });
    expect((await call("save")).body.error).toEqual({
      message: "This floow was changed elsewhere. Reload to see the latest version.",
      code: -32009,
      data: {
        code: "CONFLICT",
        trpcCode: "CONFLICT",
        httpStatus: 409,
        path: "save",
        fieldErrors: [],
      },
    });
    expect((await call("refuse")).body.error).toEqual({
      message: "Restore this floow before publishing it.",
      code: -32600,
      data: {
        code: "BAD_REQUEST",
        trpcCode: "BAD_REQUEST",
        httpStatus: 400,
        path: "refuse",
        fieldErrors: [],
      },
    });
  });

  it("a schema's refusal: VALIDATION, 400, each field's path and message, the first as the message", async () => {
    expect(await call("create", { body: { name: "", host: 3 } })).toEqual({
      status: 400,
      retryAfter: null,
      body: {
        error: {
          message: "Please enter a name.",
          code: -32600,
          data: {
            code: "VALIDATION",
            trpcCode: "BAD_REQUEST",
            httpStatus: 400,
            path: "create",
            fieldErrors: [
              { path: ["name"], message: "Please enter a name." },
              { path: ["host"], message: "Invalid input: expected string, received number" },
            ],
          },
        },
      },
    });
  });

  it("too many calls: RATE_LIMITED, 429, when to try again in the header and the data", async () => {
    expect((await call("busy")).status).toBe(200);
    const limited = await call("busy");
    expect(limited.status).toBe(429);
    const seconds = Number(limited.retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited.body.error).toEqual({
      message: `Too many requests. Try again in ${seconds} seconds.`,
      code: -32029,
      data: {
        code: "RATE_LIMITED",
        trpcCode: "TOO_MANY_REQUESTS",
        httpStatus: 429,
        path: "busy",
        fieldErrors: [],
        retryAfter: seconds,
      },
    });
  });

  it("a database that cannot be reached: UNAVAILABLE, 503, try again in 5 s (never a 500)", async () => {
    expect(await call("lostDatabase", { method: "GET" })).toEqual({
      status: 503,
      retryAfter: "5",
      body: {
        error: {
          message: "Floow cannot reach its database right now. Please try again in a moment.",
          code: -32603,
          data: {
            code: "UNAVAILABLE",
            trpcCode: "SERVICE_UNAVAILABLE",
            httpStatus: 503,
            path: "lostDatabase",
            fieldErrors: [],
            retryAfter: 5,
          },
        },
      },
    });
  });
});
