import { Card, CardContent, CardDescription, CardHeader, CardTitle, cn, Spinner } from "@floow/ui";
import type { ReactNode } from "react";

/**
 * A card around one chart: its title, the chart (hidden from screen readers: `aria-hidden`),
 * and beside it a table or number that says the same for them (and for anyone who wants the
 * figures). `empty` replaces both with a sentence that says what to do.
 */
export function ChartCard({
  title,
  description,
  chart,
  details,
  empty,
  loading,
  className,
  wide,
}: {
  title: string;
  description?: ReactNode;
  chart: ReactNode;
  details: ReactNode;
  empty?: ReactNode;
  loading?: boolean;
  className?: string;
  /** Chart above the table instead of beside it. */
  wide?: boolean;
}) {
  return (
    <Card className={cn("flex flex-col", className)} aria-busy={loading || undefined}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="relative flex-1">
        {empty ? (
          <p className="rounded-xl border border-dashed border-grey-300 bg-grey-50/60 px-5 py-8 text-center text-sm text-grey-500">
            {empty}
          </p>
        ) : (
          <div
            className={cn(
              "grid gap-6",
              wide ? "grid-cols-1" : "lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
            )}
          >
            <div aria-hidden="true" className="relative h-64 min-w-0">
              {chart}
            </div>
            <div className="min-w-0">{details}</div>
          </div>
        )}
        {loading ? (
          <div className="absolute inset-0 flex items-center justify-center rounded-2xl bg-white/60">
            <Spinner label="Loading" />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A compact figures table beside a chart. */
export function MiniTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    // Focusable, so a keyboard can scroll it (axe: scrollable-region-focusable).
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="max-h-64 overflow-y-auto rounded-xl border border-grey-200 focus-visible:outline-2 focus-visible:outline-primary-500"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-grey-50 text-xs font-medium tracking-wide text-grey-500 uppercase">
          <tr>
            {head.map((cell, index) => (
              <th key={cell} scope="col" className={cn("px-3 py-2", index > 0 && "text-right")}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-grey-100">
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={index}
                    scope="row"
                    className="max-w-48 truncate px-3 py-2 font-normal text-grey-800"
                    title={String(cell)}
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-3 py-2 text-right text-grey-700 tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
