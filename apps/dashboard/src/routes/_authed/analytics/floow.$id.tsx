import { ChartIcon } from "@floow/ui";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { ComingSoon, Page, PageHeader } from "../../../features/layout/page";
import { isValidEntityId } from "../../../lib/entity-id";

export const Route = createFileRoute("/_authed/analytics/floow/$id")({
  // The route's validity rule (spec section 2): an impossible id is a 404.
  beforeLoad: ({ params }) => {
    if (!isValidEntityId(params.id)) throw notFound();
  },
  head: () => ({ meta: [{ title: "Floow analytics · Floow" }] }),
  component: FloowAnalytics,
});

function FloowAnalytics() {
  const { id } = Route.useParams();
  return (
    <Page>
      <PageHeader title="Floow analytics" description={`Floow ${id}`} />
      <ComingSoon
        icon={<ChartIcon size={24} />}
        title="Analytics of one floow are not built yet"
        description="The funnel and choices of this floow arrive with the analytics screen."
      />
    </Page>
  );
}
