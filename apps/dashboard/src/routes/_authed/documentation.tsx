import { createFileRoute } from "@tanstack/react-router";
import { ApiReference } from "../../features/documentation/api-reference";
import { DocumentationGuide } from "../../features/documentation/documentation-guide";
import { Page, PageHeader } from "../../features/layout/page";

export const Route = createFileRoute("/_authed/documentation")({
  head: () => ({ meta: [{ title: "Documentation · Floow" }] }),
  component: () => (
    <Page>
      <PageHeader
        title="Documentation"
        description="How to embed floows, use their events and call the Floow API."
      />
      <div className="flex flex-col gap-6">
        <DocumentationGuide />
        <ApiReference />
      </div>
    </Page>
  ),
});
