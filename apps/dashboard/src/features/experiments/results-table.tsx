import type { ExperimentStats } from "@floow/domain/experiment";
import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@floow/ui";
import { liftLabel, money, pct, rateLabel } from "./format";

/** An arm's name: "A · version 3", or "Holdout". */
export type ArmNames = Map<string, string>;

/**
 * The results per arm (docs/analytics.md "Experiments"): visitors, starts, completion, product
 * click-through, conversion rate and revenue per visitor with their 95 % intervals, the chance
 * to be best and the lift over the first variant; the floow's lift over the holdout and the
 * sample-ratio warning under it.
 */
export function ResultsTable({
  stats,
  names,
  currency,
}: {
  stats: ExperimentStats;
  names: ArmNames;
  currency: string | null;
}) {
  return (
    <div className="flex flex-col gap-3">
      {stats.sampleRatio?.mismatch ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Sample ratio mismatch: the visitors are not split as set (chi-square p ={" "}
          {stats.sampleRatio.pValue.toExponential(1)}). Something drops visitors of one arm (a
          script error, a redirect, a bot filter): do not trust these results until it is found.
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <Table aria-label="Results per variant">
          <TableHeader>
            <TableRow>
              <TableHead>Variant</TableHead>
              <TableHead className="text-right">Visitors</TableHead>
              <TableHead className="text-right">Starts</TableHead>
              <TableHead className="text-right">Completion</TableHead>
              <TableHead className="text-right">Product click-through</TableHead>
              <TableHead className="text-right">Conversion</TableHead>
              <TableHead className="text-right">Orders</TableHead>
              <TableHead className="text-right">Revenue per visitor</TableHead>
              <TableHead className="text-right">Chance to be best</TableHead>
              <TableHead className="text-right">Lift over A</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {stats.arms.map((arm) => (
              <TableRow key={arm.id} aria-label={names.get(arm.id) ?? arm.id}>
                <TableCell className="font-medium text-grey-900">
                  {names.get(arm.id) ?? arm.id}
                  {stats.winner === arm.id ? (
                    <Badge variant="success" className="ml-2">
                      Winner
                    </Badge>
                  ) : null}
                  <span className="ml-2 text-xs text-grey-500">{arm.share} %</span>
                </TableCell>
                <TableCell className="text-right tabular-nums">{arm.visitors}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {arm.holdout ? "–" : rateLabel(arm.startRate)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {arm.holdout ? "–" : rateLabel(arm.completionRate)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {arm.holdout ? "–" : rateLabel(arm.clickThroughRate)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {rateLabel(arm.conversionRate)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{arm.orders}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {money(arm.revenuePerVisitor.value, currency)}
                  <span className="block text-xs text-grey-500">
                    {money(arm.revenuePerVisitor.low, currency)}–
                    {money(arm.revenuePerVisitor.high, currency)}
                  </span>
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {arm.chanceToBeBest === null ? "–" : pct(arm.chanceToBeBest)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {arm.liftOverControl ? liftLabel(arm.liftOverControl) : "–"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {stats.holdoutLift ? (
        <p className="text-sm text-grey-700" data-testid="holdout-lift">
          Lift of the floow over the holdout: <strong>{liftLabel(stats.holdoutLift)}</strong>{" "}
          conversion
          {stats.holdoutRevenueLift !== null
            ? `, ${money(stats.holdoutRevenueLift, currency)} revenue per visitor`
            : ""}
          .
        </p>
      ) : null}
      <p className="text-xs text-grey-500">
        Rates with their 95 % interval (Wilson); revenue per visitor with a normal interval; chance
        to be best from Beta posteriors of the conversion rate. A winner is named at 95 %.
      </p>
    </div>
  );
}
