import { Toaster } from "@floow/ui";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, HeadContent, Outlet } from "@tanstack/react-router";
import { CookieBanner } from "../features/consent/cookie-banner";
import { InternalErrorPage, NotFoundPage } from "../features/errors/error-page";
import { UpdateNotice } from "../features/update-notice/update-notice";
import type { TRPC } from "../lib/trpc";

export type RouterContext = { queryClient: QueryClient; trpc: TRPC };

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: "Floow" }] }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: InternalErrorPage,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
      <Toaster />
      <CookieBanner />
      <UpdateNotice />
    </>
  );
}
