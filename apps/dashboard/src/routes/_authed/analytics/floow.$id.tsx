import { createFileRoute, notFound } from "@tanstack/react-router";
import { FloowAnalyticsPage } from "../../../features/analytics/floow-analytics-page";
import { resolveRange, validateRangeSearch } from "../../../features/analytics/format";
import { isValidEntityId } from "../../../lib/entity-id";
import { httpStatusOf } from "../../../lib/trpc-errors";

export const Route = createFileRoute("/_authed/analytics/floow/$id")({
  validateSearch: validateRangeSearch,
  // The route's validity rule (spec section 2): an impossible id is a 404, and so is an unknown
  // one or one of another organization (the server answers NOT_FOUND).
  beforeLoad: ({ params }) => {
    if (!isValidEntityId(params.id)) throw notFound();
  },
  loaderDeps: ({ search }) => ({
    range: search.range,
    from: search.from,
    to: search.to,
    version: search.version,
  }),
  loader: async ({ context: { queryClient, trpc }, params, deps }) => {
    const { from, to } = resolveRange(deps);
    try {
      await queryClient.ensureQueryData(
        trpc.analytics.floow.queryOptions({ id: params.id, from, to, version: deps.version }),
      );
    } catch (error) {
      if (httpStatusOf(error) === 404) throw notFound();
      throw error;
    }
  },
  head: () => ({ meta: [{ title: "Floow analytics · Floow" }] }),
  component: FloowAnalyticsRoute,
});

function FloowAnalyticsRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FloowAnalyticsPage
      id={id}
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
