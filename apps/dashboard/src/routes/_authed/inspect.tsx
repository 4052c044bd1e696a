import { createFileRoute } from "@tanstack/react-router";
import { InspectPage } from "../../features/inspect/inspect-page";

export const Route = createFileRoute("/_authed/inspect")({
  head: () => ({ meta: [{ title: "Inspect · Floow" }] }),
  component: InspectPage,
});
