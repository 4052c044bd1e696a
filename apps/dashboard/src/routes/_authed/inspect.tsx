import { SearchIcon } from "@floow/ui";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon, Page, PageHeader } from "../../features/layout/page";

export const Route = createFileRoute("/_authed/inspect")({
  head: () => ({ meta: [{ title: "Inspect · Floow" }] }),
  component: () => (
    <Page>
      <PageHeader title="Inspect" />
      <ComingSoon
        icon={<SearchIcon size={24} />}
        title="The inspect screen is not built yet"
        description="This screen has no defined content yet."
      />
    </Page>
  ),
});
