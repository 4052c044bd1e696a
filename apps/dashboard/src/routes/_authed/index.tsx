import {
  ArrowRightIcon,
  BookIcon,
  Card,
  ChartIcon,
  FlowIcon,
  GlobeIcon,
  PackageIcon,
} from "@floow/ui";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Page } from "../../features/layout/page";
import { useOnboardingRecord } from "../../features/onboarding/onboarding-record";
import { useTRPC } from "../../lib/trpc";

export const Route = createFileRoute("/_authed/")({
  head: () => ({ meta: [{ title: "Home · Floow" }] }),
  component: Home,
});

type QuickLink = {
  to: "/domains" | "/floows" | "/products" | "/analytics" | "/documentation";
  title: string;
  description: string;
  icon: ReactNode;
  count?: number;
};

function Home() {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.user.get.queryOptions());
  const organizationName = data.organization?.display_name || data.organization?.name || "";
  const firstName = data.user?.name.trim().split(/\s+/)[0] ?? "";
  // "Welcome" in a new user's first session, "Welcome back" afterwards (onboarding record).
  const greeting = useOnboardingRecord().newUser ? "Welcome" : "Welcome back";
  const productCount = data.feeds.reduce((sum, feed) => sum + feed.productCount, 0);

  const steps = [
    {
      label: "Add the website where your floows load",
      done: data.domains.length > 0,
      to: "/domains" as const,
    },
    { label: "Build your first floow", done: data.floows.length > 0, to: "/floows" as const },
    { label: "Connect a product feed", done: data.feeds.length > 0, to: "/products" as const },
  ];
  const quickLinks: QuickLink[] = [
    {
      to: "/domains",
      title: "Domains",
      description: "The websites where your floows are shown, with their colours and fonts.",
      icon: <GlobeIcon />,
      count: data.domains.length,
    },
    {
      to: "/floows",
      title: "Floows",
      description: "Guided selling and guided data flows: build, publish and manage them.",
      icon: <FlowIcon />,
      count: data.floows.length,
    },
    {
      to: "/products",
      title: "Products",
      description: "Product feeds that turn answers into the right product results.",
      icon: <PackageIcon />,
      count: productCount,
    },
    {
      to: "/analytics",
      title: "Analytics",
      description: "How visitors move through your floows and what they choose.",
      icon: <ChartIcon />,
    },
    {
      to: "/documentation",
      title: "Documentation",
      description: "Embed floows on your site and send their events to your data layer.",
      icon: <BookIcon />,
    },
  ];
  const completed = steps.filter((step) => step.done).length;

  return (
    <Page>
      <header className="flex flex-col gap-2 pb-10">
        <p className="text-sm font-medium text-primary-700">{organizationName}</p>
        <h1 className="text-3xl font-semibold tracking-tight text-grey-900">
          {firstName ? `${greeting}, ${firstName}` : greeting}
        </h1>
        <p className="max-w-2xl text-base text-grey-600">
          Guide the visitors of your website to the right product or advice, and learn what they are
          looking for.
        </p>
      </header>

      <section aria-labelledby="getting-started" className="pb-10">
        <Card className="overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-4 border-b border-grey-100 px-6 py-5">
            <div>
              <h2 id="getting-started" className="text-base font-semibold text-grey-900">
                Get started
              </h2>
              <p className="text-sm text-grey-600">Three steps to your first floow.</p>
            </div>
            <div className="flex items-center gap-3 text-sm text-grey-600">
              <div className="h-2 w-32 overflow-hidden rounded-full bg-grey-100">
                <div
                  className="h-full rounded-full bg-primary-500 transition-[width]"
                  style={{ width: `${(completed / steps.length) * 100}%` }}
                />
              </div>
              {completed} of {steps.length}
            </div>
          </div>
          <ol className="divide-y divide-grey-100">
            {steps.map((step, index) => (
              <li key={step.label}>
                <Link
                  to={step.to}
                  className="group flex items-center gap-4 px-6 py-4 transition-colors hover:bg-grey-50"
                >
                  <span
                    className={
                      step.done
                        ? "flex size-7 items-center justify-center rounded-full bg-primary-600 text-xs font-semibold text-white"
                        : "flex size-7 items-center justify-center rounded-full border border-grey-300 text-xs font-semibold text-grey-500"
                    }
                  >
                    {step.done ? <CheckMark /> : index + 1}
                  </span>
                  <span
                    className={
                      step.done
                        ? "flex-1 text-sm text-grey-500 line-through"
                        : "flex-1 text-sm font-medium text-grey-900"
                    }
                  >
                    {step.label}
                  </span>
                  <ArrowRightIcon
                    size={16}
                    className="text-grey-400 transition-transform group-hover:translate-x-0.5 group-hover:text-grey-700"
                  />
                </Link>
              </li>
            ))}
          </ol>
        </Card>
      </section>

      <section aria-labelledby="quick-links">
        <h2 id="quick-links" className="pb-4 text-base font-semibold text-grey-900">
          Quick links
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {quickLinks.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="group flex flex-col gap-4 rounded-2xl border border-grey-200 bg-white p-5 shadow-xs transition-all hover:-translate-y-0.5 hover:border-primary-200 hover:shadow-md"
            >
              <div className="flex items-center justify-between">
                <span className="flex size-10 items-center justify-center rounded-xl bg-primary-50 text-primary-700 ring-1 ring-primary-100">
                  {link.icon}
                </span>
                {link.count !== undefined ? (
                  <span className="rounded-full bg-grey-100 px-2.5 py-0.5 text-xs font-medium text-grey-600">
                    {link.count}
                  </span>
                ) : null}
              </div>
              <div className="flex flex-col gap-1">
                <span className="flex items-center gap-1.5 text-sm font-semibold text-grey-900">
                  {link.title}
                  <ArrowRightIcon
                    size={14}
                    className="text-grey-400 opacity-0 transition-all group-hover:translate-x-0.5 group-hover:opacity-100"
                  />
                </span>
                <span className="text-sm text-grey-600">{link.description}</span>
              </div>
            </Link>
          ))}
        </div>
      </section>
    </Page>
  );
}

function CheckMark() {
  return (
    <svg
      viewBox="0 0 16 16"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-label="Done"
    >
      <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
