import { createFileRoute } from "@tanstack/react-router";
import { DocumentationGuide } from "../../features/documentation/documentation-guide";
import { Page, PageHeader } from "../../features/layout/page";

export const Route = createFileRoute("/_authed/documentation")({
  head: () => ({ meta: [{ title: "Documentation · Floow" }] }),
  component: () => (
    <Page>
      <PageHeader title="Documentation" description="How to embed floows and use their events." />
      <DocumentationGuide />
    </Page>
  ),
});
