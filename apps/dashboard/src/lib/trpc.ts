import type { AppRouter } from "@floow/api";
import { QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import {
  createTRPCContext,
  createTRPCOptionsProxy,
  type inferOutput,
  type TRPCOptionsProxy,
} from "@trpc/tanstack-react-query";
import { httpStatusOf, isUnauthorized } from "./trpc-errors";

export type TRPC = TRPCOptionsProxy<AppRouter>;

/** The `user.get` bundle (spec: GET /api/user) that the route guard loads. */
export type UserBundle = inferOutput<TRPC["user"]["get"]>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createQueryClient(onUnauthorized: () => void) {
  return new QueryClient({
    // A session that ends while the app is open sends the visitor to /login (spec section 8:
    // "A failed user load redirects to /login"). Only a query that had data counts: a first
    // load that fails is the route guard's business, and it redirects with the way back.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && query.state.data !== undefined) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors (401, 403, 404, validation) will not get better by asking again.
        retry: (failureCount, error) => {
          const status = httpStatusOf(error);
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
}

export function createTRPC(queryClient: QueryClient) {
  const client = createTRPCClient<AppRouter>({
    links: [
      // A long poll (`context: { unbatched: true }`, e.g. /inspect's `event.live`) goes alone:
      // in a batch it would hold the other queries' answers back.
      splitLink({
        condition: (op) => op.context.unbatched === true,
        true: httpLink({
          url: "/trpc",
          fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
        }),
        false: httpBatchLink({
          url: "/trpc",
          fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
        }),
      }),
    ],
  });
  return { client, trpc: createTRPCOptionsProxy<AppRouter>({ client, queryClient }) };
}
