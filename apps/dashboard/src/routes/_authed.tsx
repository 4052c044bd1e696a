import { cn } from "@floow/ui";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Navigate, Outlet, redirect, useLocation } from "@tanstack/react-router";
import { AppSideNav } from "../features/navigation/app-side-nav";
import { MobileTopBar } from "../features/navigation/mobile-nav";
import { OnboardingGuide } from "../features/onboarding/onboarding-guide";
import { startOnboardingSession } from "../features/onboarding/onboarding-record";
import { isHomeRoute, shouldShowSideNav } from "../features/navigation/nav-logic";
import { CreateOrganization } from "../features/organization/create-organization";
import { useTRPC, type UserBundle } from "../lib/trpc";
import { isUnauthorized } from "../lib/trpc-errors";

// Once per page load: a first visit gets its onboarding record; a later session is "back".
let onboardingStarted = false;

/**
 * The route guard of spec section 2: every route that is not a public floow route loads
 * the user bundle (`user.get`) once on entry; no user, or a failed load, goes to /login.
 */
export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, location }) => {
    let bundle: UserBundle | undefined;
    try {
      bundle = await context.queryClient.ensureQueryData({
        ...context.trpc.user.get.queryOptions(),
        revalidateIfStale: true,
      });
    } catch (error) {
      // Simply not signed in (the API's 401): to /login, and back here after signing in.
      if (isUnauthorized(error))
        throw redirect({ to: "/login", search: { redirect: location.href } });
      // A real failure goes to /login too (spec section 2), marked as such: /login would
      // otherwise see the still-valid session and send the visitor straight back here.
      throw redirect({ to: "/login", search: { redirect: location.href, failed: true } });
    }
    if (!bundle?.user?.user_id) {
      throw redirect({ to: "/login", search: { redirect: location.href } });
    }
    if (!onboardingStarted) {
      onboardingStarted = true;
      startOnboardingSession();
    }
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.user.get.queryOptions());
  const pathname = useLocation({ select: (location) => location.pathname });

  if (!data.user) return <Navigate to="/login" />;
  if (!data.organization) return <CreateOrganization userName={data.user.name} />;

  const showNav = shouldShowSideNav(pathname, data.user);
  const navData = { user: data.user, roles: data.roles, domains: data.domains };
  return (
    <div className="min-h-dvh">
      {showNav ? (
        <>
          {/* The side column from `lg` up; below it, a top bar with the menu drawer. */}
          <AppSideNav data={navData} className="hidden lg:flex" />
          <MobileTopBar data={navData} />
        </>
      ) : null}
      <main
        className={cn(
          "min-h-dvh transition-[padding] duration-500 ease-in-out",
          showNav && "min-h-[calc(100dvh-var(--spacing-top-bar))] lg:min-h-dvh",
          showNav && (isHomeRoute(pathname) ? "lg:pl-nav-expanded" : "lg:pl-nav-collapsed"),
        )}
      >
        <Outlet />
      </main>
      <OnboardingGuide />
    </div>
  );
}
