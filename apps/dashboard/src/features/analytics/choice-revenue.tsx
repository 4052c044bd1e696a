import type { RevenueAmount, StepChoices } from "@floow/domain/analytics";
import { cn } from "@floow/ui";
import { amountIn, formatCount, formatMoney, mainCurrency } from "./format";

type Part = "total" | "influenced" | "assisted";

/** One part of a choice's revenue: the main currency's amount, others smaller under it. */
function Amounts({
  list,
  part,
  currency,
}: {
  list: RevenueAmount[];
  part: Part;
  currency: string;
}) {
  if (list.length === 0) return <span className="text-grey-400">–</span>;
  const main = list.find((r) => r.currency === currency);
  const others = list.filter((r) => r.currency !== currency);
  return (
    <span className="flex flex-col items-end">
      {main ? <span>{formatMoney(main[part], currency)}</span> : null}
      {others.map((r) => (
        <span key={r.currency} className="text-xs text-grey-500">
          {formatMoney(r[part], r.currency)}
        </span>
      ))}
    </span>
  );
}

/**
 * A choice's revenue as a bar: its length the choice's share of the step's largest revenue (in
 * the main currency), the dark part influenced, the light part assisted. Decoration: the
 * amounts beside it say the same.
 */
function SplitBar({
  revenue,
  currency,
  largest,
  className,
}: {
  revenue: RevenueAmount[];
  currency: string;
  largest: number;
  className?: string;
}) {
  const influenced = amountIn(revenue, currency, "influenced");
  const assisted = amountIn(revenue, currency, "assisted");
  const width = (value: number) => `${largest > 0 ? (value / largest) * 100 : 0}%`;
  return (
    <div
      aria-hidden="true"
      className={cn("flex h-1.5 overflow-hidden rounded-full bg-grey-100", className)}
    >
      <div className="bg-primary-500" style={{ width: width(influenced) }} />
      <div className="bg-primary-200" style={{ width: width(assisted) }} />
    </div>
  );
}

/**
 * Revenue by answer for one question (docs/analytics.md "Revenue"): per choice the attributed
 * orders whose session picked it, their revenue, and its influenced and assisted parts. A table
 * from `md` up; below, one block per choice (three money columns beside a choice do not fit a
 * phone; the bar column only from `lg`). Only one of the two is displayed, so a screen reader
 * meets it once.
 */
export function ChoiceRevenue({ step }: { step: StepChoices }) {
  const currency = mainCurrency(...step.choices.map((choice) => choice.revenue));
  const largest = Math.max(0, ...step.choices.map((c) => amountIn(c.revenue, currency)));
  const label = `Revenue by answer: ${step.text}`;
  return (
    <div className="flex flex-col gap-2 lg:col-span-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h5 className="text-sm font-medium text-grey-800">Revenue by answer</h5>
        <p className="flex flex-col gap-x-3 gap-y-0.5 text-xs text-grey-500 sm:flex-row sm:items-center">
          <span>
            <span className="mr-1 inline-block size-2 rounded-full bg-primary-500" />
            Influenced: products the floow showed or the shopper clicked
          </span>
          <span>
            <span className="mr-1 inline-block size-2 rounded-full bg-primary-200" />
            Assisted: the rest of the order
          </span>
        </p>
      </div>
      <div className="hidden overflow-x-auto rounded-xl border border-grey-200 md:block">
        <table aria-label={label} className="w-full table-fixed text-left text-sm">
          <thead className="bg-grey-50 text-xs font-medium tracking-wide text-grey-500 uppercase">
            <tr>
              <th scope="col" className="w-1/4 px-3 py-2">
                Choice
              </th>
              <th scope="col" className="w-20 px-3 py-2 text-right">
                Orders
              </th>
              <th scope="col" className="hidden w-1/5 px-3 py-2 lg:table-cell">
                <span className="sr-only">Influenced and assisted</span>
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Revenue
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Influenced
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Assisted
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-grey-100">
            {step.choices.map((choice) => (
              <tr key={choice.choiceId}>
                <th
                  scope="row"
                  className="truncate px-3 py-2 font-normal text-grey-800"
                  title={choice.text}
                >
                  {choice.text}
                </th>
                <td className="px-3 py-2 text-right text-grey-700 tabular-nums">
                  {formatCount(choice.orders)}
                </td>
                <td className="hidden px-3 py-2 lg:table-cell">
                  <SplitBar revenue={choice.revenue} currency={currency} largest={largest} />
                </td>
                <td className="px-3 py-2 text-right font-medium text-grey-900 tabular-nums">
                  <Amounts list={choice.revenue} part="total" currency={currency} />
                </td>
                <td className="px-3 py-2 text-right text-grey-700 tabular-nums">
                  <Amounts list={choice.revenue} part="influenced" currency={currency} />
                </td>
                <td className="px-3 py-2 text-right text-grey-700 tabular-nums">
                  <Amounts list={choice.revenue} part="assisted" currency={currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul
        aria-label={label}
        className="divide-y divide-grey-100 rounded-xl border border-grey-200 md:hidden"
      >
        {step.choices.map((choice) => (
          <li key={choice.choiceId} className="flex flex-col gap-1.5 px-3 py-2.5 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate text-grey-800" title={choice.text}>
                {choice.text}
              </span>
              <span className="shrink-0 font-medium text-grey-900 tabular-nums">
                <Amounts list={choice.revenue} part="total" currency={currency} />
              </span>
            </div>
            <SplitBar revenue={choice.revenue} currency={currency} largest={largest} />
            <dl className="grid grid-cols-3 gap-2 text-xs tabular-nums">
              <div>
                <dt className="text-grey-500">Orders</dt>
                <dd className="text-grey-800">{formatCount(choice.orders)}</dd>
              </div>
              <div className="text-right">
                <dt className="text-grey-500">Influenced</dt>
                <dd className="text-grey-800">
                  <Amounts list={choice.revenue} part="influenced" currency={currency} />
                </dd>
              </div>
              <div className="text-right">
                <dt className="text-grey-500">Assisted</dt>
                <dd className="text-grey-800">
                  <Amounts list={choice.revenue} part="assisted" currency={currency} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
