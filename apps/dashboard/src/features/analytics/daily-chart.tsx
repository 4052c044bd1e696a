import type { AnalyticsDay } from "@floow/domain/analytics";
import { Line } from "react-chartjs-2";
import { ChartCard, MiniTable } from "./chart-card";
import { CHART_COLORS } from "./chart-setup";
import { formatCount, formatDay } from "./format";

const SERIES = [
  { key: "views", label: "Views" },
  { key: "sessions", label: "Sessions" },
  { key: "starts", label: "Starts" },
  { key: "completions", label: "Completions" },
  { key: "clicks", label: "Product clicks" },
] as const;

/** The figures per day: a line chart, with the days as a table beside it. */
export function DailyChart({
  days,
  empty,
  loading,
}: {
  days: AnalyticsDay[];
  empty?: string;
  loading?: boolean;
}) {
  const labels = days.map((day) => formatDay(day.day));
  return (
    <ChartCard
      title="Per day"
      description="Views, sessions, starts, completions and product clicks, per day (Amsterdam time)."
      loading={loading}
      empty={empty}
      wide
      chart={
        <Line
          data={{
            labels,
            datasets: SERIES.map((series, index) => ({
              label: series.label,
              data: days.map((day) => day[series.key]),
              borderColor: CHART_COLORS[index],
              backgroundColor: CHART_COLORS[index],
              pointRadius: days.length > 45 ? 0 : 2,
              borderWidth: 2,
              tension: 0.25,
            })),
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: "index", intersect: false },
            scales: {
              y: { beginAtZero: true, ticks: { precision: 0 } },
              x: { grid: { display: false } },
            },
            plugins: { legend: { position: "bottom", labels: { boxWidth: 10, boxHeight: 10 } } },
          }}
        />
      }
      details={
        <details className="group">
          <summary className="cursor-pointer text-sm font-medium text-primary-700">
            Show the figures per day
          </summary>
          <div className="mt-3">
            <MiniTable
              caption="Figures per day"
              head={["Day", ...SERIES.map((series) => series.label)]}
              rows={days.map((day) => [
                formatDay(day.day, true),
                ...SERIES.map((series) => formatCount(day[series.key])),
              ])}
            />
          </div>
        </details>
      }
    />
  );
}
