import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AcceptInvitation } from "../features/team/accept-invitation";

export const Route = createFileRoute("/invitation")({
  validateSearch: z.object({ token: z.string().optional() }),
  head: () => ({ meta: [{ title: "Join your team · Floow" }] }),
  component: InvitationPage,
});

function InvitationPage() {
  const { token } = Route.useSearch();
  return <AcceptInvitation token={token ?? ""} />;
}
