import { ChartIcon, EmptyState } from "@floow/ui";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTRPC } from "../../lib/trpc";
import { Page, PageHeader } from "../layout/page";
import "./chart-setup";
import { DailyChart } from "./daily-chart";
import { Figures } from "./figures";
import { FloowsTable } from "./floows-table";
import { formatDay, resolveRange, type RangeSearch } from "./format";
import { RangeControls } from "./range-controls";
import { RevenueFigures } from "./revenue-figures";

/** /analytics: the organization's figures for a range against the period before, per day, and per floow. */
export function AnalyticsOverviewPage({
  search,
  onSearch,
}: {
  search: RangeSearch;
  onSearch: (next: RangeSearch) => void;
}) {
  const trpc = useTRPC();
  const { data: bundle } = useSuspenseQuery(trpc.user.get.queryOptions());
  const { from, to } = resolveRange(search);
  const query = useQuery({
    ...trpc.analytics.overview.queryOptions({ from, to, domainId: search.domain }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const quiet = data ? data.days.every((day) => day.sessions === 0) : false;

  return (
    <Page>
      <PageHeader
        title="Analytics"
        description={`What your floows do for your shop, ${formatDay(from, true)} – ${formatDay(to, true)}, against the ${data ? "period before" : "previous period"}.`}
        actions={<RangeControls search={search} onChange={onSearch} domains={bundle.domains} />}
      />
      {!data ? (
        <Loading />
      ) : data.floows.length === 0 ? (
        <EmptyState
          icon={<ChartIcon size={24} />}
          title="No floows yet"
          description={
            <>
              Publish a floow and embed it to see views, starts, completions and product clicks
              here.{" "}
              <Link
                to="/floows"
                className="font-medium text-primary-700 underline underline-offset-4"
              >
                Go to your floows
              </Link>
            </>
          }
        />
      ) : (
        <div className="flex flex-col gap-6" aria-busy={query.isFetching || undefined}>
          <Figures current={data.current} previous={data.previous} />
          <RevenueFigures current={data.current} previous={data.previous} />
          <DailyChart
            days={data.days}
            loading={query.isFetching}
            empty={
              quiet
                ? "No shopper saw a floow in this period. Publish a floow and embed it to see views, starts and completions per day."
                : undefined
            }
          />
          <section aria-labelledby="floows-heading" className="flex flex-col gap-3">
            <h2 id="floows-heading" className="text-base font-semibold text-grey-900">
              Floows
            </h2>
            <FloowsTable floows={data.floows} search={search} />
          </section>
        </div>
      )}
    </Page>
  );
}

export function Loading() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading analytics">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {/* The eight figures and the four of orders and revenue. */}
        {Array.from({ length: 12 }, (_, index) => (
          <div key={index} className="h-24 animate-pulse rounded-2xl bg-grey-100" />
        ))}
      </div>
      <div className="h-80 animate-pulse rounded-2xl bg-grey-100" />
    </div>
  );
}
