import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  SortableTableHead,
  Table,
  TableBody,
  TableCell,
  TableExpandButton,
  TableHead,
  TableHeader,
  TablePagination,
  TableRow,
} from "./table";

describe("Table", () => {
  it("stacked (a card per row on a phone) keeps its table roles, and each cell names its column", () => {
    render(
      <Table aria-label="Team" stack>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>Sam</TableCell>
            <TableCell label="Email">sam@example.com</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    // Roles written out: a table shown as blocks may lose them in a browser's accessibility tree.
    const table = screen.getByRole("table", { name: "Team" });
    expect(table.getAttribute("role")).toBe("table");
    expect(screen.getAllByRole("row")).toHaveLength(2);
    expect(screen.getByRole("columnheader", { name: "Email" }).getAttribute("role")).toBe(
      "columnheader",
    );
    const email = screen.getByRole("cell", { name: "sam@example.com" });
    expect(email.getAttribute("data-label")).toBe("Email");
    expect(table.className).toContain("max-sm:block");
  });

  it("is a table with column headers and cells", () => {
    render(
      <Table aria-label="Products">
        <TableHeader>
          <tr>
            <SortableTableHead active direction="desc" onSort={() => undefined}>
              Name
            </SortableTableHead>
            <SortableTableHead active={false} direction="asc" onSort={() => undefined}>
              Price
            </SortableTableHead>
          </tr>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>Shoe</TableCell>
            <TableCell>€ 10,00</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole("table", { name: "Products" });
    expect(table).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe(
      "descending",
    );
    expect(screen.getByRole("columnheader", { name: "Price" }).getAttribute("aria-sort")).toBe(
      "none",
    );
    expect(screen.getByRole("cell", { name: "Shoe" })).toBeTruthy();
  });

  it("sorts through the header's button", async () => {
    const onSort = vi.fn();
    render(
      <table>
        <thead>
          <tr>
            <SortableTableHead active={false} direction="asc" onSort={onSort}>
              Price
            </SortableTableHead>
          </tr>
        </thead>
      </table>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Price" }));
    expect(onSort).toHaveBeenCalledOnce();
  });
});

describe("TablePagination", () => {
  it("says which rows show and pages by the limit", async () => {
    const onOffsetChange = vi.fn();
    const { rerender } = render(
      <TablePagination
        offset={0}
        limit={25}
        total={60}
        onOffsetChange={onOffsetChange}
        noun="products"
      />,
    );
    expect(screen.getByText("1–25 of 60 products")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onOffsetChange).toHaveBeenLastCalledWith(25);

    rerender(
      <TablePagination
        offset={50}
        limit={25}
        total={60}
        onOffsetChange={onOffsetChange}
        noun="products"
      />,
    );
    expect(screen.getByText("51–60 of 60 products")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(onOffsetChange).toHaveBeenLastCalledWith(25);
  });

  it("shows 0–0 when there is nothing", () => {
    render(<TablePagination offset={0} limit={25} total={0} onOffsetChange={() => undefined} />);
    expect(screen.getByText("0–0 of 0 rows")).toBeTruthy();
  });
});

describe("TableExpandButton", () => {
  it("tells whether the details are shown, and toggles without toggling its row too", async () => {
    const onToggle = vi.fn();
    const onRowClick = vi.fn();
    render(
      <table>
        <tbody>
          <tr onClick={onRowClick}>
            <td>
              <TableExpandButton open={false} label="Show attributes of Shoe" onToggle={onToggle} />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    const button = screen.getByRole("button", { name: "Show attributes of Shoe" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(button);
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
