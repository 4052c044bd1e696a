import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { InternalErrorPage, NotFoundPage } from "./features/errors/error-page";
import { FullPageSpinner } from "./features/layout/page";
import { createQueryClient, createTRPC, TRPCProvider } from "./lib/trpc";
import { routeTree } from "./routeTree.gen";

export function createAppRouter() {
  const queryClient = createQueryClient(() => {
    // An expired session anywhere in the app: back to the login page.
    const { pathname, href } = router.state.location;
    if (pathname !== "/login") void router.navigate({ to: "/login", search: { redirect: href } });
  });
  const { client, trpc } = createTRPC(queryClient);

  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: "intent",
    // Query owns caching; the router always asks it (ensureQueryData is cheap when fresh).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: InternalErrorPage,
    defaultPendingComponent: () => <FullPageSpinner label="Loading" />,
    Wrap: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={client} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    ),
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
