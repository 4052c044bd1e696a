import { createFileRoute } from "@tanstack/react-router";
import { IntegrationsPage } from "../../features/integrations/integrations-page";

export const Route = createFileRoute("/_authed/integrations")({
  head: () => ({ meta: [{ title: "Integrations · Floow" }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.ensureQueryData(trpc.integration.list.queryOptions()),
  component: IntegrationsPage,
});
