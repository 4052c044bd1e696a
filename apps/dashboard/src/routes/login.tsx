import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { LoginForm } from "../features/auth/login-form";
import { safeRedirect } from "../features/auth/safe-redirect";
import { FloowMark, TERMS_OF_SERVICE_URL } from "../features/navigation/app-side-nav";
import { authClient } from "../lib/auth-client";
import { useFlashToast } from "../lib/flash-toast";

export const Route = createFileRoute("/login")({
  validateSearch: z.object({ redirect: z.string().optional(), failed: z.boolean().optional() }),
  head: () => ({ meta: [{ title: "Sign in · Floow" }] }),
  beforeLoad: async ({ search }) => {
    // Sent here because loading the account failed: stay, say so, and offer a retry (an
    // automatic redirect back would loop while the failure lasts).
    if (search.failed) return;
    // Already signed in: no reason to see the form. The session call answers null, not 401.
    const session = await authClient.getSession().catch(() => null);
    if (session?.data?.user) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  // E.g. "Your e-mail address is now …" after a confirmed e-mail change (through /logout).
  useFlashToast();
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <main className="flex flex-col px-6 py-8 sm:px-12">
        <div className="flex items-center gap-2.5">
          <FloowMark className="size-8" />
          <span className="text-lg font-semibold tracking-tight text-grey-900">Floow</span>
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-6 py-12">
          {search.failed ? <LoadFailedNotice retryHref={safeRedirect(search.redirect)} /> : null}
          <LoginForm onSignedIn={() => navigate({ href: safeRedirect(search.redirect) })} />
        </div>
        <p className="text-xs text-grey-500">
          By continuing you agree to the{" "}
          <a
            href={TERMS_OF_SERVICE_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="underline hover:text-grey-600"
          >
            terms of service
          </a>
          .
        </p>
      </main>
      <BrandPanel />
    </div>
  );
}

/** Shown when the route guard could not load the account (the server failed, not the session). */
function LoadFailedNotice({ retryHref }: { retryHref: string }) {
  return (
    <div
      role="alert"
      className="w-full max-w-sm rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <p>We could not load your account. Try again, or sign in again.</p>
      <a href={retryHref} className="mt-1 inline-block font-medium underline hover:text-red-900">
        Try again
      </a>
    </div>
  );
}

/** The right half of the login page: what Floow does, shown as a floow. */
function BrandPanel() {
  return (
    <aside
      aria-hidden="true"
      className="relative hidden overflow-hidden bg-linear-to-br from-moss-700 via-moss-800 to-moss-950 lg:flex lg:flex-col lg:justify-between lg:p-14"
    >
      <div className="absolute -top-24 -right-24 size-96 rounded-full bg-moss-500/20 blur-3xl" />
      <div className="absolute -bottom-32 -left-16 size-96 rounded-full bg-moss-400/10 blur-3xl" />
      <div className="relative max-w-md">
        <p className="text-sm font-medium tracking-wide text-moss-200 uppercase">
          Guided selling & guided data
        </p>
        <h2 className="mt-4 text-4xl leading-tight font-semibold tracking-tight text-white">
          Guide every visitor to the right product.
        </h2>
        <p className="mt-4 text-base text-moss-100/80">
          Build floows with questions, connect your product feed and show the best match, right on
          your own website.
        </p>
      </div>
      <div className="relative mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl shadow-moss-950/40">
        <div className="mb-5 h-1.5 w-full overflow-hidden rounded-full bg-grey-100">
          <div className="h-full w-2/3 rounded-full bg-primary-500" />
        </div>
        <p className="text-xs font-medium text-grey-500">Question 2 of 3</p>
        <p className="mt-1 text-lg font-semibold text-grey-900">What will you use it for?</p>
        <div className="mt-4 grid grid-cols-2 gap-3">
          {["Daily commute", "Weekend trips", "Racing", "Off-road"].map((choice, index) => (
            <div
              key={choice}
              className={
                index === 1
                  ? "rounded-xl border-2 border-primary-500 bg-primary-50 px-4 py-3 text-sm font-medium text-primary-800"
                  : "rounded-xl border border-grey-200 px-4 py-3 text-sm text-grey-700"
              }
            >
              {choice}
            </div>
          ))}
        </div>
        <div className="mt-5 flex justify-between">
          <span className="rounded-lg px-3 py-2 text-sm text-grey-500">Back</span>
          <span className="rounded-lg bg-primary-600 px-4 py-2 text-sm font-medium text-white">
            Next
          </span>
        </div>
      </div>
      <p className="relative text-sm text-moss-200/70">© Floow</p>
    </aside>
  );
}
