import { createFileRoute } from "@tanstack/react-router";
import { AnalyticsOverviewPage } from "../../../features/analytics/overview-page";
import { resolveRange, validateRangeSearch } from "../../../features/analytics/format";

export const Route = createFileRoute("/_authed/analytics/")({
  validateSearch: validateRangeSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) => {
    const { from, to } = resolveRange(deps);
    // Prefetch only: the page shows its loading state while this runs.
    void queryClient.prefetchQuery(
      trpc.analytics.overview.queryOptions({ from, to, domainId: deps.domain }),
    );
  },
  head: () => ({ meta: [{ title: "Analytics · Floow" }] }),
  component: OverviewRoute,
});

function OverviewRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AnalyticsOverviewPage
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
