import { createFileRoute } from "@tanstack/react-router";
import { FloowUnavailable, HostedFloow } from "../features/hosted-floow/hosted-floow";
import { loadHostedFloow } from "../features/hosted-floow/load";

/**
 * A floow in floow-route mode: public, no side navigation, no route guard. The live floow
 * comes from the runtime's public API on this origin (the dashboard and the API share it)
 * and renders with @floow/runtime; results and events go to the same API.
 */
export const Route = createFileRoute("/floow/$id")({
  loader: ({ params }) => loadHostedFloow(params.id, window.location.origin),
  // Loaded once per visit: the floow's pages are history entries on this same URL
  // (mount's `history`), and a reload on each would mount the floow afresh.
  shouldReload: false,
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData?.status === "live" ? loaderData.floow.name : "Floow" }],
  }),
  component: PublicFloow,
});

function PublicFloow() {
  const hosted = Route.useLoaderData();
  if (hosted.status !== "live") return <FloowUnavailable />;
  return (
    <HostedFloow floow={hosted.floow} domain={hosted.domain} apiUrl={window.location.origin} />
  );
}
