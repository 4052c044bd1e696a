import { ArrowLeftIcon, Badge } from "@floow/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTRPC } from "../../lib/trpc";
import { Page, PageHeader } from "../layout/page";
import "./chart-setup";
import { ChoicesCharts } from "./choices-chart";
import { DailyChart } from "./daily-chart";
import { ExportCsvButton } from "./export-csv-button";
import { Figures } from "./figures";
import { FormInputsChart } from "./form-inputs";
import { formatDay, resolveRange, type RangeSearch } from "./format";
import { FunnelChart } from "./funnel-chart";
import { Loading } from "./overview-page";
import { ProductResultsCard } from "./product-results";
import { RangeControls } from "./range-controls";
import { RevenueFigures } from "./revenue-figures";
import { SharesChart } from "./shares-chart";
import { VersionSelect } from "./version-select";

/** /analytics/floow/{id}: one floow's figures, funnel, choices, form inputs, products, devices and languages. */
export function FloowAnalyticsPage({
  id,
  search,
  onSearch,
}: {
  id: string;
  search: RangeSearch;
  onSearch: (next: RangeSearch) => void;
}) {
  const trpc = useTRPC();
  const { from, to } = resolveRange(search);
  const { version } = search;
  const query = useQuery({
    ...trpc.analytics.floow.queryOptions({ id, from, to, version }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const quiet = data ? data.days.every((day) => day.sessions === 0) : false;
  const loading = query.isFetching;

  return (
    <Page>
      <Link
        to="/analytics"
        search={{ range: search.range, from: search.from, to: search.to }}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-grey-600 hover:text-grey-900"
      >
        <ArrowLeftIcon size={14} /> All floows
      </Link>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            {data?.floow.name ?? "Floow analytics"}
            {data ? (
              <Badge variant={data.floow.status === "live" ? "success" : "neutral"} dot>
                {data.floow.status === "live"
                  ? "Live"
                  : data.floow.status === "archived"
                    ? "Archived"
                    : "Development"}
              </Badge>
            ) : null}
          </span>
        }
        description={`${data?.floow.type === "data" ? "Guided Data" : "Guided Selling"} floow, ${formatDay(from, true)} – ${formatDay(to, true)}${version !== undefined ? `, version ${version}` : ""}.`}
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <RangeControls search={search} onChange={onSearch} />
            <VersionSelect
              floowId={id}
              version={version}
              onChange={(next) => onSearch({ ...search, version: next })}
            />
            <ExportCsvButton floowId={id} from={from} to={to} version={version} />
          </div>
        }
      />
      {!data ? (
        <Loading />
      ) : (
        <div className="flex flex-col gap-6" aria-busy={loading || undefined}>
          <Figures current={data.current} previous={data.previous} />
          <RevenueFigures current={data.current} previous={data.previous} />
          <DailyChart
            days={data.days}
            loading={loading}
            empty={
              quiet
                ? "No shopper saw this floow in this period. Publish it and embed it to see views, starts and completions per day."
                : undefined
            }
          />
          <FunnelChart steps={data.funnel} loading={loading} />
          <ChoicesCharts steps={data.choices} />
          {data.formInputs.length > 0 || data.floow.type === "data" ? (
            <FormInputsChart inputs={data.formInputs} />
          ) : null}
          {data.floow.type === "selling" ? <ProductResultsCard results={data.results} /> : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <SharesChart kind="devices" shares={data.devices} />
            <SharesChart kind="languages" shares={data.languages} />
          </div>
        </div>
      )}
    </Page>
  );
}
