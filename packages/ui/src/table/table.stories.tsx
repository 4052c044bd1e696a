import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import {
  SortableTableHead,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TablePagination,
  TableRow,
  type SortDirection,
} from "./table";

const meta: Meta<typeof Table> = {
  title: "Components/Table",
  component: Table,
  parameters: { controls: { disable: true } },
};
export default meta;

const products = [
  { id: "SKU-1", name: "Trail running shoe", price: 129.95 },
  { id: "SKU-2", name: "Road running shoe", price: 99.5 },
  { id: "SKU-3", name: "Running socks", price: 12 },
  { id: "SKU-4", name: "Rain jacket", price: 149 },
  { id: "SKU-5", name: "Cap", price: 19.95 },
];

export const SortedAndPaged: StoryObj<typeof Table> = {
  render: function Render() {
    const [sort, setSort] = useState<"name" | "price">("name");
    const [direction, setDirection] = useState<SortDirection>("asc");
    const [offset, setOffset] = useState(0);
    const limit = 3;
    const sorted = [...products].sort((a, b) => {
      const order = sort === "name" ? a.name.localeCompare(b.name) : a.price - b.price;
      return direction === "asc" ? order : -order;
    });
    const sortBy = (column: "name" | "price") => {
      setDirection(column === sort && direction === "asc" ? "desc" : "asc");
      setSort(column);
      setOffset(0);
    };
    return (
      <div className="flex w-[36rem] flex-col gap-3">
        <Table aria-label="Products">
          <TableHeader>
            <tr>
              <TableHead>ID</TableHead>
              <SortableTableHead
                active={sort === "name"}
                direction={direction}
                onSort={() => sortBy("name")}
              >
                Name
              </SortableTableHead>
              <SortableTableHead
                active={sort === "price"}
                direction={direction}
                onSort={() => sortBy("price")}
                className="text-right"
              >
                Price
              </SortableTableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {sorted.slice(offset, offset + limit).map((product) => (
              <TableRow key={product.id}>
                <TableCell className="font-mono text-xs text-grey-500">{product.id}</TableCell>
                <TableCell className="font-medium text-grey-900">{product.name}</TableCell>
                <TableCell className="text-right tabular-nums">
                  € {product.price.toFixed(2)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          offset={offset}
          limit={limit}
          total={products.length}
          onOffsetChange={setOffset}
          noun="products"
        />
      </div>
    );
  },
};

/**
 * `stack`: below `sm` (a phone) each row is a card of "label value" lines, so a list of a
 * few columns fits 390 px without scrolling sideways. Give each cell but the first a `label`.
 * Switch the toolbar's viewport to a phone to see it.
 */
export const StackedOnAPhone: StoryObj<typeof Table> = {
  render: () => (
    <div className="max-w-[23rem] sm:max-w-none">
      <Table aria-label="Team" stack>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {[
            ["Sam de Vries", "sam@fietsen.nl", "Admin"],
            ["Noor Bakker", "noor@fietsen.nl", "Member"],
          ].map(([name, email, role]) => (
            <TableRow key={email}>
              <TableCell className="font-medium text-grey-900">{name}</TableCell>
              <TableCell label="Email">{email}</TableCell>
              <TableCell label="Role">{role}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  ),
};
