import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { FullPageSpinner } from "../features/layout/page";
import { authClient } from "../lib/auth-client";

export const Route = createFileRoute("/logout")({
  head: () => ({ meta: [{ title: "Signing out · Floow" }] }),
  component: Logout,
});

// One sign-out per page load, even when React runs the effect twice (StrictMode).
let signingOut: Promise<unknown> | undefined;

/**
 * Signs out, then a full-page navigation to /login (spec section 2): nothing of the old
 * session survives in memory. Done in an effect, not a loader, so preloading a link to
 * /logout can never sign anyone out.
 */
function Logout() {
  useEffect(() => {
    signingOut ??= authClient.signOut().catch(() => undefined);
    void signingOut.then(() => window.location.replace("/login"));
  }, []);
  return <FullPageSpinner label="Signing out" />;
}
