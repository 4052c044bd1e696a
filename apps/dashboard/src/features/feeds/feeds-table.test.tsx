import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FeedRow } from "./feed-logic";
import { FeedsTable } from "./feeds-table";

function feedRow(overrides: Partial<FeedRow> = {}): FeedRow {
  return {
    id: "f1",
    organizationId: "o1",
    domainId: null,
    name: "Shoes",
    url: "https://feeds.example/shoes.xml",
    type: "channable",
    description: "",
    image: null,
    variables: { ...DEFAULT_FEED_VARIABLES },
    refreshIntervalMinutes: null,
    productCount: 120,
    lastRefreshAt: "2026-02-01T10:00:00.000Z",
    lastRefreshStatus: "ok",
    lastRefreshError: null,
    refreshQueued: false,
    ...overrides,
  };
}

const noop = () => undefined;

describe("FeedsTable", () => {
  it("lists name, type, URL, product count and the last refresh in Dutch date notation", () => {
    render(
      <FeedsTable
        feeds={[
          feedRow(),
          feedRow({
            id: "f2",
            name: "Hoodies",
            type: "shopify",
            lastRefreshStatus: "failed",
            lastRefreshError: "The address returns a web page (HTML), not a product feed",
          }),
          feedRow({
            id: "f3",
            name: "New",
            refreshQueued: true,
            lastRefreshAt: null,
            lastRefreshStatus: "pending",
          }),
        ]}
        canDelete
        refreshingId={null}
        onRefresh={noop}
        onEdit={noop}
        onDelete={async () => true}
      />,
    );
    const [shoes, hoodies, fresh] = screen.getAllByTestId("feed-row");
    expect(within(shoes!).getByText("Channable")).toBeTruthy();
    expect(within(shoes!).getByText("https://feeds.example/shoes.xml")).toBeTruthy();
    expect(within(shoes!).getByText("120")).toBeTruthy();
    expect(within(shoes!).getByText("OK")).toBeTruthy();
    expect(within(shoes!).getByText("1-2-2026")).toBeTruthy();
    expect(within(hoodies!).getByText("Shopify")).toBeTruthy();
    expect(within(hoodies!).getByText("Failed")).toBeTruthy();
    expect(
      within(hoodies!).getByText("The address returns a web page (HTML), not a product feed"),
    ).toBeTruthy();
    expect(within(fresh!).getByText("Refreshing…")).toBeTruthy();
    expect(
      (within(fresh!).getByRole("button", { name: "Refresh New" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("refreshes and edits a feed", async () => {
    const onRefresh = vi.fn();
    const onEdit = vi.fn();
    render(
      <FeedsTable
        feeds={[feedRow()]}
        canDelete={false}
        refreshingId={null}
        onRefresh={onRefresh}
        onEdit={onEdit}
        onDelete={async () => true}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Refresh Shoes" }));
    expect(onRefresh).toHaveBeenCalledWith("f1");
    await userEvent.click(screen.getByRole("button", { name: "Edit Shoes" }));
    expect(onEdit.mock.calls[0]?.[0]).toMatchObject({ id: "f1" });
    // Members cannot delete feeds.
    expect(screen.queryByRole("button", { name: "Delete Shoes" })).toBeNull();
  });

  it("deletes only after the Delete feed confirmation", async () => {
    const onDelete = vi.fn(async (_id: string) => true);
    render(
      <FeedsTable
        feeds={[feedRow()]}
        canDelete
        refreshingId={null}
        onRefresh={noop}
        onEdit={noop}
        onDelete={onDelete}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Delete Shoes" }));
    const confirm = screen.getByRole("alertdialog", { name: "Delete feed" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Delete Shoes" }));
    await userEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith("f1"));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});
