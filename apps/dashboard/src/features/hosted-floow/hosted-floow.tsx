/**
 * The hosted page of a floow (`/floow/{id}`): the live floow on a page of its own, rendered
 * by @floow/runtime's npm API exactly as on a merchant's site (the editor's preview uses the
 * same runtime, with `preview: true`). Not a preview: its events go to the page's data
 * layer, to the API, and to the parent page when the hosted page is in an iframe.
 */
import type { PublicDomain, PublicFloow } from "@floow/domain/public";
import { mount } from "@floow/runtime";
import { useEffect, useRef } from "react";
import { FloowMark } from "../navigation/app-side-nav";

export const UNAVAILABLE_TITLE = "This floow is not available";
export const UNAVAILABLE_TEXT =
  "There is no live floow at this address. It may have been unpublished or archived, or the link is incomplete.";

export function HostedFloow({
  floow,
  domain,
  apiUrl,
}: {
  floow: PublicFloow;
  domain: PublicDomain;
  apiUrl: string;
}) {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // Full page: a dialog floow shows inline too (there is no page under it to cover).
    // The browser's Back goes to the previous question: the page is only the floow. Not in
    // an iframe, where the entries would be the merchant's page's (its Back stays its own).
    const history = window.top === window;
    const instance = mount(host, { floow, domain, apiUrl, container: "embedded", history });
    return () => instance.destroy();
  }, [floow, domain, apiUrl]);

  return (
    // Named: framed on a merchant's page, this main landmark stands beside the page's own.
    <main aria-label={floow.name} className="min-h-dvh bg-grey-50 px-4 py-8 sm:px-6 sm:py-16">
      {/* The page's one heading for screen readers (the floow's own texts are its content). */}
      <h1 className="sr-only">{floow.name}</h1>
      <div ref={hostRef} className="mx-auto w-full max-w-3xl" data-testid="hosted-floow" />
    </main>
  );
}

export function FloowUnavailable() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-grey-50 px-6">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <FloowMark className="size-10" />
        <h1 className="text-xl font-semibold text-grey-900">{UNAVAILABLE_TITLE}</h1>
        <p className="text-sm text-grey-600">{UNAVAILABLE_TEXT}</p>
      </div>
    </main>
  );
}
