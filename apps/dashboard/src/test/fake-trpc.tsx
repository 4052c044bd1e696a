import type { AppRouter } from "@floow/api";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { ReactNode } from "react";
import { TRPCProvider } from "../lib/trpc";

/**
 * An error a fake procedure throws to answer as the server's errorFormatter does, e.g. a 400
 * VALIDATION naming its fields.
 */
export class FakeServerError extends Error {
  readonly data: {
    code: string;
    trpcCode: string;
    httpStatus: number;
    fieldErrors: { path: (string | number)[]; message: string }[];
  };
  constructor(message: string, data: Partial<FakeServerError["data"]> = {}) {
    super(message);
    this.data = {
      code: "VALIDATION",
      trpcCode: "BAD_REQUEST",
      httpStatus: 400,
      fieldErrors: [],
      ...data,
    };
  }
}

/** Answers of a fake API, by procedure path (`"user.get"`); a handler that throws is a 500 (a FakeServerError: its own answer). */
export type FakeProcedures = Record<string, (input: unknown) => unknown>;

/**
 * Providers for a component test: the real tRPC client and TanStack Query, over a fetch
 * that calls `procedures` instead of a server (no batching, so one call per request).
 */
export function fakeTrpcWrapper(procedures: FakeProcedures) {
  const fetch = async (url: URL | RequestInfo, init?: RequestInit) => {
    const path = decodeURIComponent(new URL(String(url)).pathname.replace(/^\/trpc\//, ""));
    const input: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      });
    try {
      const handler = procedures[path];
      if (!handler) throw new Error(`no fake for ${path}`);
      return json({ result: { data: await handler(input) } });
    } catch (error) {
      const message = error instanceof Error ? error.message : "failed";
      if (error instanceof FakeServerError)
        return json({ error: { message, code: -32600, data: error.data } }, error.data.httpStatus);
      return json(
        {
          error: {
            message,
            code: -32603,
            data: {
              code: "INTERNAL",
              trpcCode: "INTERNAL_SERVER_ERROR",
              httpStatus: 500,
              fieldErrors: [],
            },
          },
        },
        500,
      );
    }
  };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const trpcClient = createTRPCClient<AppRouter>({
    links: [httpLink({ url: "http://api.test/trpc", fetch })],
  });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    );
  };
}
