import type { AnalyticsFloowRow } from "@floow/domain/analytics";
import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@floow/ui";
import { Link } from "@tanstack/react-router";
import { formatCount, formatRate, type RangeSearch } from "./format";
import { AmountsCell } from "./revenue-figures";

const STATUS: Record<
  AnalyticsFloowRow["status"],
  { label: string; variant: "success" | "neutral" | "warning" }
> = {
  live: { label: "Live", variant: "success" },
  development: { label: "Development", variant: "neutral" },
  archived: { label: "Archived", variant: "warning" },
};

/** Every floow with its figures of the range (and its orders and revenue), each linking to its own analytics. */
export function FloowsTable({
  floows,
  search,
}: {
  floows: AnalyticsFloowRow[];
  search: RangeSearch;
}) {
  return (
    <Table aria-label="Floows">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Views</TableHead>
          <TableHead className="text-right">Starts</TableHead>
          <TableHead className="text-right">Completions</TableHead>
          <TableHead className="text-right">CTR</TableHead>
          <TableHead className="text-right">Orders</TableHead>
          <TableHead className="text-right">Revenue</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {floows.map((floow) => (
          <TableRow key={floow.id}>
            <TableCell>
              <Link
                to="/analytics/floow/$id"
                params={{ id: floow.id }}
                search={{ range: search.range, from: search.from, to: search.to }}
                className="font-medium text-grey-900 underline-offset-4 hover:text-primary-700 hover:underline"
              >
                {floow.name}
              </Link>
            </TableCell>
            <TableCell>
              <Badge variant={STATUS[floow.status].variant} dot>
                {STATUS[floow.status].label}
              </Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(floow.views)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(floow.starts)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatCount(floow.completions)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {floow.type === "data" ? "–" : formatRate(floow.clickThroughRate)}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(floow.orders)}</TableCell>
            <TableCell className="text-right tabular-nums">
              <AmountsCell list={floow.revenue} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
