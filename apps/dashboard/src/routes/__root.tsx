import { Toaster } from "@floow/ui";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, HeadContent, Outlet } from "@tanstack/react-router";
import { InternalErrorPage, NotFoundPage } from "../features/errors/error-page";
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
    </>
  );
}
