import { ChartIcon } from "@floow/ui";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon, Page, PageHeader } from "../../../features/layout/page";

export const Route = createFileRoute("/_authed/analytics/")({
  head: () => ({ meta: [{ title: "Analytics · Floow" }] }),
  component: () => (
    <Page>
      <PageHeader title="Analytics" description="How visitors move through your floows." />
      <ComingSoon
        icon={<ChartIcon size={24} />}
        title="Analytics are not built yet"
        description="Starts, choices, finishes and product clicks of your floows arrive with the analytics screen."
      />
    </Page>
  ),
});
