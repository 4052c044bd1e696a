import { formatEuro } from "@floow/domain/shared";
import type { ProductResults } from "@floow/domain/analytics";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@floow/ui";
import { Doughnut } from "react-chartjs-2";
import { GREY, PRIMARY } from "./chart-setup";
import { formatCount, formatRate } from "./format";
import { AmountsCell } from "./revenue-figures";

/** The products the finish page showed, the clicks on them, CTR per product, and the partial-match share. */
export function ProductResultsCard({ results }: { results: ProductResults }) {
  const full = results.resultPages - results.partialPages;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Product results</CardTitle>
        <CardDescription>
          Products shown on the finish page and clicked, most clicked first, with the orders placed
          after a click and their revenue.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {results.resultPages === 0 && results.products.length === 0 ? (
          <p className="rounded-xl border border-dashed border-grey-300 bg-grey-50/60 px-5 py-8 text-center text-sm text-grey-500">
            No results were shown in this period. Publish a Guided Selling floow with a feed and
            embed it to see which products it sells.
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,3fr)]">
            <div className="flex flex-col items-center gap-3">
              <div aria-hidden="true" className="relative size-40">
                <Doughnut
                  data={{
                    labels: ["Full match", "Partial match"],
                    datasets: [
                      {
                        data: [full, results.partialPages],
                        backgroundColor: [PRIMARY, GREY],
                        borderWidth: 0,
                      },
                    ],
                  }}
                  options={{
                    animation: false,
                    cutout: "68%",
                    plugins: { legend: { display: false } },
                  }}
                />
              </div>
              <p className="text-center text-sm text-grey-600">
                <span
                  className="block text-2xl font-semibold text-grey-900 tabular-nums"
                  data-testid="partial-share"
                >
                  {formatRate(results.partialShare)}
                </span>
                of {formatCount(results.resultPages)} result pages were a partial match
              </p>
            </div>
            <Table aria-label="Products">
              <TableHeader>
                <TableRow>
                  <TableHead>Product</TableHead>
                  <TableHead className="text-right">Price</TableHead>
                  <TableHead className="text-right">Shown</TableHead>
                  <TableHead className="text-right">Clicks</TableHead>
                  <TableHead className="text-right">CTR</TableHead>
                  <TableHead className="text-right">Orders</TableHead>
                  <TableHead className="text-right">Revenue</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {results.products.map((product) => (
                  <TableRow key={product.id}>
                    <TableCell>
                      <span className="font-medium text-grey-900">
                        {product.name || product.id}
                      </span>
                      <span className="block text-xs text-grey-500">{product.id}</span>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {product.price === null ? "–" : formatEuro(product.price)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCount(product.shown)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCount(product.clicks)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatRate(product.clickThroughRate)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCount(product.orders)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      <AmountsCell list={product.revenue} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
