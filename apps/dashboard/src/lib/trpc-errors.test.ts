import type { AppRouter } from "@floow/api";
import { createTRPCClient, httpLink } from "@trpc/client";
import { act, renderHook } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import {
  applyFieldErrors,
  badRequestMessage,
  httpStatusOf,
  isConflict,
  isUnauthorized,
  readServerError,
  refusalOf,
  serverMessage,
} from "./trpc-errors";

/**
 * Error bodies exactly as the API's errorFormatter sends them: the API's
 * `src/trpc/errors.test.ts` asserts these very bodies (change both together).
 */
const BODIES = {
  unauthorized: {
    status: 401,
    error: {
      message: "Please sign in.",
      code: -32001,
      data: {
        code: "UNAUTHORIZED",
        trpcCode: "UNAUTHORIZED",
        httpStatus: 401,
        path: "user.get",
        fieldErrors: [],
      },
    },
  },
  conflict: {
    status: 409,
    error: {
      message: "This floow was changed elsewhere. Reload to see the latest version.",
      code: -32009,
      data: {
        code: "CONFLICT",
        trpcCode: "CONFLICT",
        httpStatus: 409,
        path: "floow.update",
        fieldErrors: [],
      },
    },
  },
  refusal: {
    status: 400,
    error: {
      message: "Restore this floow before publishing it.",
      code: -32600,
      data: {
        code: "BAD_REQUEST",
        trpcCode: "BAD_REQUEST",
        httpStatus: 400,
        path: "floow.publish",
        fieldErrors: [],
      },
    },
  },
  validation: {
    status: 400,
    error: {
      message: "Please enter a name.",
      code: -32600,
      data: {
        code: "VALIDATION",
        trpcCode: "BAD_REQUEST",
        httpStatus: 400,
        path: "user.update",
        fieldErrors: [
          { path: ["name"], message: "Please enter a name." },
          { path: ["host"], message: "Invalid input: expected string, received number" },
        ],
      },
    },
  },
  rateLimited: {
    status: 429,
    error: {
      message: "Too many requests. Try again in 42 seconds.",
      code: -32029,
      data: {
        code: "RATE_LIMITED",
        trpcCode: "TOO_MANY_REQUESTS",
        httpStatus: 429,
        path: "user.update",
        fieldErrors: [],
        retryAfter: 42,
      },
    },
  },
  unavailable: {
    status: 503,
    error: {
      message: "Floow cannot reach its database right now. Please try again in a moment.",
      code: -32603,
      data: {
        code: "UNAVAILABLE",
        trpcCode: "SERVICE_UNAVAILABLE",
        httpStatus: 503,
        path: "user.get",
        fieldErrors: [],
        retryAfter: 5,
      },
    },
  },
} as const;

/** The error the real tRPC client throws when the server answers `body` (as the app gets it). */
async function clientError(name: keyof typeof BODIES): Promise<unknown> {
  const { status, error } = BODIES[name];
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: "http://api.test/trpc",
        fetch: async () =>
          new Response(JSON.stringify({ error }), {
            status,
            headers: { "content-type": "application/json" },
          }),
      }),
    ],
  });
  return client.user.get.query().then(
    () => {
      throw new Error("expected a failure");
    },
    (thrown: unknown) => thrown,
  );
}

describe("readServerError", () => {
  it("reads code, status, message, field errors and retry time from each kind of server error", async () => {
    expect(readServerError(await clientError("validation"))).toEqual({
      code: "VALIDATION",
      httpStatus: 400,
      message: "Please enter a name.",
      fieldErrors: [
        { path: ["name"], message: "Please enter a name." },
        { path: ["host"], message: "Invalid input: expected string, received number" },
      ],
      retryAfter: undefined,
    });
    expect(readServerError(await clientError("rateLimited"))).toMatchObject({
      code: "RATE_LIMITED",
      httpStatus: 429,
      retryAfter: 42,
    });
    expect(readServerError(await clientError("unavailable"))).toMatchObject({
      code: "UNAVAILABLE",
      httpStatus: 503,
      message: "Floow cannot reach its database right now. Please try again in a moment.",
      retryAfter: 5,
    });
  });

  it("answers the questions the screens ask", async () => {
    const unauthorized = await clientError("unauthorized");
    const conflict = await clientError("conflict");
    const refusal = await clientError("refusal");
    const validation = await clientError("validation");
    expect([isUnauthorized(unauthorized), isUnauthorized(conflict)]).toEqual([true, false]);
    expect([isConflict(conflict), isConflict(refusal)]).toEqual([true, false]);
    expect(httpStatusOf(conflict)).toBe(409);
    // A refusal's reason is shown; a schema's refusal belongs at its field, not in a toast.
    expect(refusalOf(refusal)).toBe("Restore this floow before publishing it.");
    expect(refusalOf(validation)).toBeUndefined();
    expect([
      badRequestMessage(refusal),
      badRequestMessage(validation),
      badRequestMessage(conflict),
    ]).toEqual(["Restore this floow before publishing it.", "Please enter a name.", undefined]);
    expect(serverMessage(unauthorized)).toBe("Please sign in.");
  });

  it("reads nothing from what is not a server error", async () => {
    const offline = await createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: "http://api.test/trpc",
          fetch: () => Promise.reject(new TypeError("Failed to fetch")),
        }),
      ],
    })
      .user.get.query()
      .catch((thrown: unknown) => thrown);
    for (const error of [offline, new Error("bug"), null, "text", { data: "no" }]) {
      expect(readServerError(error)).toEqual({
        code: undefined,
        httpStatus: undefined,
        message: undefined,
        fieldErrors: [],
        retryAfter: undefined,
      });
    }
  });

  it("puts the field errors on the form's fields it names, and says whether any took one", async () => {
    const validation = await clientError("validation");
    const { result } = renderHook(() => useForm<{ name: string; title: string }>());
    let applied = false;
    act(() => {
      applied = applyFieldErrors(result.current, validation, ["name", "title"]);
    });
    expect(applied).toBe(true);
    expect(result.current.getFieldState("name").error?.message).toBe("Please enter a name.");
    expect(result.current.getFieldState("title").error).toBeUndefined();
    expect(applyFieldErrors(result.current, await clientError("conflict"), ["name"])).toBe(false);
  });
});
