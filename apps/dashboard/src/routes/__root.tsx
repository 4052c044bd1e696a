import { Toaster } from "@floow/ui";
import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  useLocation,
} from "@tanstack/react-router";
import { CookieBanner } from "../features/consent/cookie-banner";
import { InternalErrorPage, NotFoundPage } from "../features/errors/error-page";
import { isFloowRoute } from "../features/navigation/nav-logic";
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
  // A floow route (the hosted page merchants frame) is the shopper's, not the dashboard's:
  // the dashboard's cookie banner and update notice never show there.
  const pathname = useLocation({ select: (location) => location.pathname });
  const floowRoute = isFloowRoute(pathname);
  return (
    <>
      <HeadContent />
      <Outlet />
      {/* In the editor the bottom right holds the inspector's buttons (Apply to all steps)
          and the flow graph's zoom: its toasts sit at the bottom centre, over the canvas. */}
      <Toaster position={pathname === "/editor" ? "bottom-center" : "bottom-right"} />
      {!floowRoute && <CookieBanner />}
      {!floowRoute && <UpdateNotice />}
    </>
  );
}
