import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { fakeTrpcWrapper } from "./fake-trpc";

/**
 * Renders `shell` above an empty page at `path`, in a bare test router (not the app's
 * registered one) with a tRPC client that answers nothing: for the navigation's tests, which
 * follow links and go Back. Returns the router, to read or change its location.
 */
export function renderInRouter(shell: ReactNode, path: string) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {shell}
        <Outlet />
      </>
    ),
    notFoundComponent: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router as never} />, { wrapper: fakeTrpcWrapper({}) });
  return router;
}
