import { cn } from "@floow/ui";
import { countLabel, useInsights } from "./insights-context";

/**
 * How many products of the feed a choice's filters match (and of those in stock), beside
 * the choice: amber when none. Nothing without a feed or before the first answer.
 */
export function MatchCountBadge({
  choiceId,
  compact = false,
}: {
  choiceId: string;
  compact?: boolean;
}) {
  const count = useInsights().countOf(choiceId);
  if (!count) return null;
  const none = count.matches === 0 || count.inStock === 0;
  const label = countLabel(count);
  return (
    <span
      data-testid="match-count"
      title={count.filtered ? label : `${label} (no filters: every product)`}
      className={cn(
        "inline-flex shrink-0 items-center rounded-md font-medium tabular-nums whitespace-nowrap",
        compact ? "px-1.5 text-[10px]" : "px-2 py-0.5 text-xs",
        none
          ? "bg-amber-50 text-amber-800 ring-1 ring-amber-200"
          : "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200",
      )}
    >
      {compact ? (count.matches === 0 ? "0" : count.matches.toLocaleString("en")) : label}
    </span>
  );
}
