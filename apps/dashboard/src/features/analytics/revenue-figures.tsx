import type { AnalyticsPeriod, RevenueAmount } from "@floow/domain/analytics";
import { change, formatAmounts, formatCount, formatDay, formatMoney, formatRate } from "./format";
import { amountIn, mainCurrency } from "./format";
import { FigureCard } from "./figures";

/**
 * The period's orders and revenue (docs/analytics.md "Revenue"), against the previous period
 * like the other figures: orders, revenue with its influenced and assisted parts, conversion
 * rate and revenue per session. Money in the main currency (euro when there is any); orders in
 * other currencies are listed under it as written, never converted.
 */
export function RevenueFigures({
  current,
  previous,
}: {
  current: AnalyticsPeriod;
  previous: AnalyticsPeriod;
}) {
  const now = current.revenue;
  const before = previous.revenue;
  const currency = mainCurrency(now.revenue, before.revenue);
  const previousLabel = `${formatDay(previous.from, true)} – ${formatDay(previous.to, true)}`;
  const total = amountIn(now.revenue, currency);
  const influenced = amountIn(now.revenue, currency, "influenced");
  const assisted = amountIn(now.revenue, currency, "assisted");
  const others = now.revenue.filter((r) => r.currency !== currency);
  const perSession = (list: { currency: string; amount: number }[]) =>
    list.find((r) => r.currency === currency)?.amount ?? 0;
  const rateChange = (a: number | null, b: number | null) =>
    a === null || b === null ? null : change(a, b);

  return (
    <section aria-labelledby="revenue-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="revenue-heading" className="text-base font-semibold text-grey-900">
          Orders and revenue
        </h2>
        <p className="text-xs text-grey-500">
          Orders attributed to a floow session, placed in the period.
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Revenue of the period">
        <FigureCard
          label="Orders"
          value={formatCount(now.orders)}
          previous={`${formatCount(before.orders)} · after a floow session`}
          previousLabel={previousLabel}
          delta={change(now.orders, before.orders)}
        />
        <FigureCard
          label="Revenue"
          value={formatMoney(total, currency)}
          previous={`${formatMoney(amountIn(before.revenue, currency), currency)} · influenced + assisted`}
          previousLabel={previousLabel}
          delta={change(total, amountIn(before.revenue, currency))}
        >
          <RevenueSplit influenced={influenced} assisted={assisted} currency={currency} />
          {others.length > 0 ? (
            <dd className="mt-1 text-xs text-grey-600" data-testid="revenue-other-currencies">
              and {formatAmounts(others)}
            </dd>
          ) : null}
        </FigureCard>
        <FigureCard
          label="Conversion rate"
          value={formatRate(now.conversionRate)}
          previous={`${formatRate(before.conversionRate)} · orders per session`}
          previousLabel={previousLabel}
          delta={rateChange(now.conversionRate, before.conversionRate)}
        />
        <FigureCard
          label="Revenue per session"
          value={formatMoney(perSession(now.revenuePerSession), currency)}
          previous={`${formatMoney(perSession(before.revenuePerSession), currency)} · revenue ÷ sessions`}
          previousLabel={previousLabel}
          delta={change(perSession(now.revenuePerSession), perSession(before.revenuePerSession))}
        />
      </dl>
    </section>
  );
}

/** Influenced and assisted revenue: a bar of their shares and the two amounts. */
function RevenueSplit({
  influenced,
  assisted,
  currency,
}: {
  influenced: number;
  assisted: number;
  currency: string;
}) {
  const total = influenced + assisted;
  const share = total > 0 ? influenced / total : 0;
  return (
    <dd className="mt-2 flex flex-col gap-1.5">
      <div
        aria-hidden="true"
        className="flex h-1.5 overflow-hidden rounded-full bg-grey-100"
        title={`Influenced ${formatRate(total > 0 ? share : null)}`}
      >
        <div className="bg-primary-500" style={{ width: `${share * 100}%` }} />
        <div
          className="bg-primary-200"
          style={{ width: `${total > 0 ? (1 - share) * 100 : 0}%` }}
        />
      </div>
      <div className="flex flex-wrap justify-between gap-x-3 text-xs text-grey-600 tabular-nums">
        <span>
          <span className="mr-1 inline-block size-2 rounded-full bg-primary-500" />
          Influenced {formatMoney(influenced, currency)}
        </span>
        <span>
          <span className="mr-1 inline-block size-2 rounded-full bg-primary-200" />
          Assisted {formatMoney(assisted, currency)}
        </span>
      </div>
    </dd>
  );
}

/** A list of amounts in one cell: the main one, then the others smaller. */
export function AmountsCell({ list }: { list: RevenueAmount[] }) {
  if (list.length === 0) return <span className="text-grey-400">–</span>;
  const [first, ...rest] = list;
  return (
    <span className="flex flex-col items-end">
      <span>{formatMoney(first!.total, first!.currency)}</span>
      {rest.map((r) => (
        <span key={r.currency} className="text-xs text-grey-500">
          {formatMoney(r.total, r.currency)}
        </span>
      ))}
    </span>
  );
}
