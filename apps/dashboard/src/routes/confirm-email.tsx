import { Button } from "@floow/ui";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AuthShell, Notice } from "../features/auth/auth-shell";
import { serverMessage } from "../lib/trpc-errors";
import { reloadWithToast } from "../lib/flash-toast";
import { useTRPC } from "../lib/trpc";

export const Route = createFileRoute("/confirm-email")({
  validateSearch: z.object({ token: z.string().optional() }),
  head: () => ({ meta: [{ title: "Confirm your new e-mail address · Floow" }] }),
  component: ConfirmEmailPage,
});

/**
 * The page the Change Email confirmation links to. The change is made on the button, not on
 * opening the page (mail scanners open links). Then, as the spec says, the user is logged out
 * through /logout and signs in with the new address.
 */
function ConfirmEmailPage() {
  const { token } = Route.useSearch();
  const trpc = useTRPC();
  const confirm = useMutation(trpc.user.confirmEmail.mutationOptions());

  const run = async () => {
    if (!token) return;
    const result = await confirm.mutateAsync({ token }).catch(() => null);
    if (!result) return;
    reloadWithToast(
      { kind: "success", message: `Your e-mail address is now ${result.email}. Sign in with it.` },
      () => window.location.assign("/logout"),
    );
  };

  return (
    <AuthShell
      title="Confirm your new e-mail address"
      description="Your Floow account will use the address this e-mail reached. You sign in again afterwards, on every device."
    >
      {!token ? (
        <Notice tone="error">This link is incomplete. Open the link from the e-mail again.</Notice>
      ) : null}
      {confirm.isError ? (
        <Notice tone="error">
          {serverMessage(confirm.error) ?? "This confirmation link is not valid any more."}
        </Notice>
      ) : null}
      <Button
        size="lg"
        className="w-full"
        disabled={!token}
        loading={confirm.isPending}
        onClick={() => void run()}
      >
        Confirm new address
      </Button>
    </AuthShell>
  );
}
