/**
 * `@floow/test-kit`: the live-floow scenario, set up through the product's own HTTP calls as
 * the dashboard makes them: better-auth's sign-up (`/api/auth/*`), then tRPC at `/trpc` (JSON,
 * with the Origin header the CSRF rule asks for): organization, domain, a feed served by our
 * own HTTP server on 127.0.0.1 (the server runs with FETCH_ALLOW_LOOPBACK=true), floows,
 * publish. No SQL.
 *
 * Used by the dashboard's journeys (`apps/dashboard/e2e`) and the runtime's load-time
 * benchmark (`packages/runtime/bench/time-to-visible.ts`): keep it free of Playwright and of
 * workspace imports (plain Node and fetch). The benchmarks' report helper is
 * `@floow/test-kit/bench`.
 */
export { DashboardClient } from "./client";
export { BIKES, merchantFeed } from "./feed";
export { merchantPage, snippet, startStaticServer, type StaticServer } from "./shop";
export { startRecordingProxy, type RecordedRequest, type RecordingProxy } from "./proxy";
export { openVeloAccount } from "./account";
export {
  ADVISOR,
  HELP,
  SIZES,
  setUpLiveFloows,
  type LiveFloows,
  type SellingFloowIds,
} from "./floows";
