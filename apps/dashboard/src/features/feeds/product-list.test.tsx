import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedRow, ProductRow } from "./feed-logic";
import type * as FeedQueries from "./feed-queries";
import type { ProductQuery } from "./feed-queries";
import { ProductList } from "./product-list";

const state = vi.hoisted(() => ({
  queries: [] as ProductQuery[],
  items: [] as ProductRow[],
  total: 0,
}));

vi.mock("./feed-queries", async (importOriginal) => ({
  ...(await importOriginal<typeof FeedQueries>()),
  useProductPage: (query: ProductQuery) => {
    state.queries.push(query);
    return {
      isPending: false,
      isError: false,
      isFetching: false,
      data: { items: state.items, total: state.total, offset: query.offset, limit: query.limit },
    };
  },
}));

const feed = {
  id: "f1",
  name: "Shoes",
  url: "https://feeds.example/shoes.xml",
  variables: { ...DEFAULT_FEED_VARIABLES },
} as FeedRow;

function product(n: number, overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    feedId: "f1",
    id: `SKU-${n}`,
    name: `Trail shoe ${n}`,
    price: 10 + n,
    url: `https://shop.example/${n}`,
    image: "",
    description: `Shoe ${n}`,
    attributes: { id: `SKU-${n}`, title: `Trail shoe ${n}`, size: ["S", "M"] },
    ...overrides,
  };
}

const lastQuery = () => state.queries[state.queries.length - 1]!;

beforeEach(() => {
  state.queries = [];
  state.items = [];
  state.total = 0;
});

describe("ProductList", () => {
  it("points to adding a feed when there are no feeds", async () => {
    const onAddFeed = vi.fn();
    render(<ProductList feeds={[]} onAddFeed={onAddFeed} onShowFeeds={() => undefined} />);
    expect(screen.getByText("No products yet")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Add Feed" }));
    expect(onAddFeed).toHaveBeenCalledOnce();
  });

  it("shows image, ID, name as text, euro price and feed, and opens a row's attributes", async () => {
    state.items = [
      product(1, {
        name: '<img src=x onerror="alert(1)">Storm <b>edition</b>',
        description: "<script>x()</script>Fast",
      }),
      product(2),
    ];
    state.total = 2;
    render(
      <ProductList feeds={[feed]} onAddFeed={() => undefined} onShowFeeds={() => undefined} />,
    );
    const table = screen.getByRole("table", { name: "Products" });
    const [first] = within(table).getAllByTestId("product-row");
    expect(within(first!).getByText("SKU-1")).toBeTruthy();
    expect(within(first!).getByText("Storm edition")).toBeTruthy();
    expect(within(first!).getByText("€ 11,00")).toBeTruthy();
    expect(within(first!).getByText("Shoes")).toBeTruthy();
    expect(table.querySelector("b, script, img[src='x']")).toBeNull();
    expect(screen.getByText("1–2 of 2 products")).toBeTruthy();

    await userEvent.click(
      within(first!).getByRole("button", { name: "Show attributes of Storm edition" }),
    );
    const details = screen.getByTestId("product-details");
    expect(within(details).getByText("Fast")).toBeTruthy();
    expect(within(details).getByText("size")).toBeTruthy();
    expect(within(details).getByText(/S\s+M/)).toBeTruthy();
    expect(details.querySelector("script")).toBeNull();
  });

  it("searches after typing stops, sorts by a column and pages", async () => {
    state.items = Array.from({ length: 25 }, (_, i) => product(i + 1));
    state.total = 60;
    render(
      <ProductList feeds={[feed]} onAddFeed={() => undefined} onShowFeeds={() => undefined} />,
    );
    expect(lastQuery()).toMatchObject({ search: "", sort: "position", offset: 0, limit: 25 });

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(lastQuery().offset).toBe(25);

    await userEvent.click(screen.getByRole("button", { name: "Price" }));
    expect(lastQuery()).toMatchObject({ sort: "price", direction: "asc", offset: 0 });
    await userEvent.click(screen.getByRole("button", { name: "Price" }));
    expect(lastQuery()).toMatchObject({ sort: "price", direction: "desc" });
    expect(screen.getByRole("columnheader", { name: "Price" }).getAttribute("aria-sort")).toBe(
      "descending",
    );

    await userEvent.type(screen.getByRole("searchbox", { name: "Search products" }), "storm");
    await waitFor(() => expect(lastQuery().search).toBe("storm"));
    expect(lastQuery().offset).toBe(0);
  });

  it("says when a search finds nothing", async () => {
    render(
      <ProductList feeds={[feed]} onAddFeed={() => undefined} onShowFeeds={() => undefined} />,
    );
    await userEvent.type(screen.getByRole("searchbox", { name: "Search products" }), "zzz");
    expect(await screen.findByText("No products match “zzz”.")).toBeTruthy();
  });
});
