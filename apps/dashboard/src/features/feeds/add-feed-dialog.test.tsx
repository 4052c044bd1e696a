import { DEFAULT_FEED_VARIABLES, type FeedPreview } from "@floow/domain/feed";
import { VALIDATION_MESSAGES } from "@floow/domain/validation";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { AddFeedDialog } from "./add-feed-dialog";
import type { FeedRow, PreviewProduct } from "./feed-logic";
import type { FeedSaveInput, PreviewOutcome } from "./feed-queries";

const m = VALIDATION_MESSAGES.feed;

const products: PreviewProduct[] = [1, 2, 3].map((n) => ({
  id: `SKU-${n}`,
  url: `https://shop.example/${n}`,
  name: n === 1 ? "<b>Trail</b> shoe 1" : `Trail shoe ${n}`,
  price: 10 + n,
  image: "",
  description: `Shoe number ${n}`,
  attributes: {
    id: `SKU-${n}`,
    title: n === 1 ? "<b>Trail</b> shoe 1" : `Trail shoe ${n}`,
    brand: `Brand ${n}`,
    price: `${10 + n} EUR`,
    description: `Shoe number ${n}`,
  },
}));
const attributes = ["id", "title", "brand", "price", "description"];

function Harness({
  onPreview,
  onSave,
  feed = null,
}: {
  onPreview: (source: FeedPreview) => Promise<PreviewOutcome>;
  onSave: (feed: FeedSaveInput, isNew: boolean) => Promise<boolean>;
  feed?: FeedRow | null;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <AddFeedDialog
        open={open}
        onOpenChange={setOpen}
        feed={feed}
        onPreview={onPreview}
        onSave={onSave}
      />
    </>
  );
}

async function fillStep1(url = "https://feeds.example/shoes.xml") {
  await userEvent.type(screen.getByLabelText("Feed name"), "Shoes");
  await userEvent.type(screen.getByLabelText("Feed URL"), url);
  await userEvent.click(screen.getByRole("button", { name: "Next" }));
}

describe("AddFeedDialog", () => {
  it("validates name and URL with the spec's messages and stays on step 1", async () => {
    const onPreview = vi.fn(async (): Promise<PreviewOutcome> => ({
      ok: true,
      products,
      attributes,
    }));
    render(<Harness onPreview={onPreview} onSave={async () => true} />);
    expect((screen.getByLabelText("Feed type") as HTMLSelectElement).value).toBe("channable");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(m.nameRequired)).toBeTruthy();
    expect(screen.getByText(m.urlRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Feed URL"), "not a url");
    await userEvent.tab();
    expect(await screen.findByText(m.urlInvalid)).toBeTruthy();
    expect(onPreview).not.toHaveBeenCalled();
    expect(screen.getByText("Step 1 of 2")).toBeTruthy();
  });

  it("previews the first products, remaps a field live and saves with the chosen variables", async () => {
    const onPreview = vi.fn(async (): Promise<PreviewOutcome> => ({
      ok: true,
      products,
      attributes,
    }));
    const onSave = vi.fn(async (_feed: FeedSaveInput, _isNew: boolean) => true);
    render(<Harness onPreview={onPreview} onSave={onSave} />);
    await userEvent.selectOptions(screen.getByLabelText("Feed type"), "shopify");
    await fillStep1();
    expect(onPreview).toHaveBeenCalledWith({
      url: "https://feeds.example/shoes.xml",
      type: "shopify",
    });
    const table = await screen.findByRole("table", { name: "Feed preview" });
    // Feed text is shown as text: the tags are gone, nothing is injected.
    expect(within(table).getByText("Trail shoe 1")).toBeTruthy();
    expect(table.querySelector("b")).toBeNull();
    expect(within(table).getByText("€ 11,00")).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText("Name"), "brand");
    expect(within(table).getByText("Brand 1")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Add Feed" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const [feed, isNew] = onSave.mock.calls[0]!;
    expect(isNew).toBe(true);
    expect(feed).toMatchObject({
      name: "Shoes",
      type: "shopify",
      url: "https://feeds.example/shoes.xml",
      domainId: null,
      variables: { ...DEFAULT_FEED_VARIABLES, name: "brand" },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows why a feed cannot be read, and puts the reason at the URL field on Back", async () => {
    const reason = "Refused to fetch http://10.0.0.1/feed.xml: a private address.";
    const onSave = vi.fn(async () => true);
    render(<Harness onPreview={async () => ({ ok: false, reason })} onSave={onSave} />);
    await fillStep1("http://10.0.0.1/feed.xml");
    expect(await screen.findByText(reason)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Add Feed" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    const url = screen.getByLabelText("Feed URL") as HTMLInputElement;
    expect(url.value).toBe("http://10.0.0.1/feed.xml");
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(reason)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("stays open when saving fails", async () => {
    render(
      <Harness
        onPreview={async () => ({ ok: true, products, attributes })}
        onSave={async () => false}
      />,
    );
    await fillStep1();
    await screen.findByRole("table", { name: "Feed preview" });
    await userEvent.click(screen.getByRole("button", { name: "Add Feed" }));
    await waitFor(() => expect(screen.getByRole("dialog")).toBeTruthy());
    expect(screen.getByText("Step 2 of 2")).toBeTruthy();
  });

  it("edits a feed: its values and mapping to start with, saved under its id", async () => {
    const feed: FeedRow = {
      id: "f1",
      organizationId: "o1",
      domainId: "d1",
      name: "Old shoes",
      url: "https://feeds.example/old.xml",
      type: "channable",
      description: "",
      image: null,
      variables: { ...DEFAULT_FEED_VARIABLES, name: "brand" },
      refreshIntervalMinutes: null,
      productCount: 3,
      lastRefreshAt: null,
      lastRefreshStatus: "ok",
      lastRefreshError: null,
      refreshQueued: false,
    };
    const onSave = vi.fn(async (_feed: FeedSaveInput, _isNew: boolean) => true);
    render(
      <Harness
        feed={feed}
        onPreview={async () => ({ ok: true, products, attributes })}
        onSave={onSave}
      />,
    );
    expect(screen.getByRole("heading", { name: "Edit Feed" })).toBeTruthy();
    expect((screen.getByLabelText("Feed name") as HTMLInputElement).value).toBe("Old shoes");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(((await screen.findByLabelText("Name")) as HTMLSelectElement).value).toBe("brand");
    await userEvent.click(screen.getByRole("button", { name: "Save Feed" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      id: "f1",
      domainId: "d1",
      variables: { name: "brand" },
    });
    expect(onSave.mock.calls[0]![1]).toBe(false);
  });
});
