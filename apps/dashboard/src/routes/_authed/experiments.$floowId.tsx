import { createFileRoute, notFound } from "@tanstack/react-router";
import { ExperimentsPage } from "../../features/experiments";
import { isValidEntityId } from "../../lib/entity-id";
import { httpStatusOf } from "../../lib/trpc-errors";

export const Route = createFileRoute("/_authed/experiments/$floowId")({
  // An impossible id is a 404, and so is an unknown one or another organization's.
  beforeLoad: ({ params }) => {
    if (!isValidEntityId(params.floowId)) throw notFound();
  },
  loader: async ({ context: { queryClient, trpc }, params }) => {
    try {
      await Promise.all([
        queryClient.ensureQueryData(trpc.floow.byId.queryOptions({ id: params.floowId })),
        queryClient.ensureQueryData(trpc.floow.versions.queryOptions({ id: params.floowId })),
        queryClient.ensureQueryData(trpc.experiment.list.queryOptions({ floowId: params.floowId })),
      ]);
    } catch (error) {
      if (httpStatusOf(error) === 404) throw notFound();
      throw error;
    }
  },
  head: () => ({ meta: [{ title: "Experiments · Floow" }] }),
  component: ExperimentsRoute,
});

function ExperimentsRoute() {
  const { floowId } = Route.useParams();
  return <ExperimentsPage floowId={floowId} />;
}
