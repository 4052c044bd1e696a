import type { ReactNode } from "react";
import type { AnalyticsPeriod, AnalyticsTotals } from "@floow/domain/analytics";
import { cn } from "@floow/ui";
import { change, formatCount, formatDay, formatRate } from "./format";

interface Figure {
  label: string;
  value: (totals: AnalyticsTotals) => number | null;
  format: (value: number | null) => string;
  hint: string;
}

const count = (value: number | null) => formatCount(value ?? 0);

export const FIGURES: Figure[] = [
  { label: "Views", value: (t) => t.views, format: count, hint: "times a floow was shown (mount)" },
  {
    label: "Unique sessions",
    value: (t) => t.sessions,
    format: count,
    hint: "shoppers' browser sessions",
  },
  { label: "Starts", value: (t) => t.starts, format: count, hint: "start button pressed" },
  {
    label: "Start rate",
    value: (t) => t.startRate,
    format: formatRate,
    hint: "sessions that started",
  },
  { label: "Completions", value: (t) => t.completions, format: count, hint: "finish page reached" },
  {
    label: "Completion rate",
    value: (t) => t.completionRate,
    format: formatRate,
    hint: "of the sessions that started",
  },
  {
    label: "Product clicks",
    value: (t) => t.clicks,
    format: count,
    hint: "result buttons followed",
  },
  {
    label: "Click-through rate",
    value: (t) => t.clickThroughRate,
    format: formatRate,
    hint: "of the sessions that finished",
  },
];

/** The eight headline figures of the range, each with the previous period's and the change. */
export function Figures({
  current,
  previous,
}: {
  current: AnalyticsPeriod;
  previous: AnalyticsPeriod;
}) {
  const previousLabel = `${formatDay(previous.from, true)} – ${formatDay(previous.to, true)}`;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Figures of the period">
      {FIGURES.map((figure) => {
        const now = figure.value(current.totals);
        const before = figure.value(previous.totals);
        const delta = now === null || before === null ? null : change(now, before);
        return (
          <FigureCard
            key={figure.label}
            label={figure.label}
            value={figure.format(now)}
            previous={`${figure.format(before)} · ${figure.hint}`}
            previousLabel={previousLabel}
            delta={delta}
          />
        );
      })}
    </dl>
  );
}

/**
 * One headline figure: its value, the change against the previous period and the previous
 * value with a hint (`children`: anything more, e.g. the revenue's split).
 */
export function FigureCard({
  label,
  value,
  previous,
  previousLabel,
  delta,
  children,
}: {
  label: string;
  value: string;
  previous: string;
  previousLabel: string;
  delta: number | null;
  children?: ReactNode;
}) {
  const up = delta !== null && delta > 0;
  const down = delta !== null && delta < 0;
  return (
    <div className="rounded-2xl border border-grey-200 bg-white px-5 py-4 shadow-xs">
      <dt className="text-xs font-medium tracking-wide text-grey-500 uppercase">{label}</dt>
      <dd className="mt-1 flex items-baseline gap-2">
        <span
          className="text-2xl font-semibold tracking-tight text-grey-900 tabular-nums"
          data-testid={`figure-${label}`}
        >
          {value}
        </span>
        {delta !== null ? (
          <span
            className={cn(
              "rounded-full px-1.5 py-0.5 text-xs font-medium tabular-nums",
              up && "bg-primary-50 text-primary-700",
              down && "bg-red-50 text-red-700",
              !up && !down && "bg-grey-100 text-grey-600",
            )}
          >
            {up ? "+" : ""}
            {formatRate(delta)}
          </span>
        ) : null}
      </dd>
      {children}
      <dd className="mt-1 text-xs text-grey-500" title={previousLabel}>
        <span className="sr-only">Previous period ({previousLabel}): </span>
        <span aria-hidden="true">prev. </span>
        {previous}
      </dd>
    </div>
  );
}
