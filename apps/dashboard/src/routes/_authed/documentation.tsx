import { BookIcon } from "@floow/ui";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon, Page, PageHeader } from "../../features/layout/page";

export const Route = createFileRoute("/_authed/documentation")({
  head: () => ({ meta: [{ title: "Documentation · Floow" }] }),
  component: () => (
    <Page>
      <PageHeader title="Documentation" description="How to embed floows and use their events." />
      <ComingSoon
        icon={<BookIcon size={24} />}
        title="The documentation is not written yet"
        description="Guides for the script tag, the npm package and data-layer events arrive with the runtime."
      />
    </Page>
  ),
});
