import type * as FloowUi from "@floow/ui";
import { type FeedInput } from "@floow/domain/feed";
import { type FloowCreate } from "@floow/domain/floow";
import { VALIDATION_MESSAGES } from "@floow/domain/validation";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CreateFloowDialog } from "./create-floow-dialog";
import type { FeedPreviewProduct, FeedSummary } from "../feeds/feed-api";

type QueryState<T> = { isPending: boolean; isError: boolean; data: T | undefined };

const feeds = vi.hoisted(() => ({
  list: { isPending: false, isError: false, data: [] } as QueryState<FeedSummary[]>,
  preview: { isPending: false, isError: false, data: [] } as QueryState<FeedPreviewProduct[]> & {
    reason?: string;
  },
  upsert: vi.fn(async (_feed: FeedInput) => ({})),
}));

vi.mock("../feeds/feed-api", () => ({
  useFeedList: () => feeds.list,
  useFeedPreview: () => feeds.preview,
  useUpsertFeed: () => ({ mutateAsync: feeds.upsert }),
}));
// The toasts of the feed step are not what these tests look at.
vi.mock("@floow/ui", async (importOriginal) => ({
  ...(await importOriginal<typeof FloowUi>()),
  toast: { success: vi.fn(), error: vi.fn() },
}));

const m = VALIDATION_MESSAGES.floow;
const domains = [
  { id: "d1", name: "Bike shop" },
  { id: "d2", name: "Outdoor store" },
];

function Harness({
  selectedDomainId,
  onCreate,
}: {
  selectedDomainId: string | null;
  onCreate: (floow: FloowCreate) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(true);
  return (
    <CreateFloowDialog
      open={open}
      onOpenChange={setOpen}
      domains={domains}
      selectedDomainId={selectedDomainId}
      onCreate={onCreate}
    />
  );
}

function created(onCreate: ReturnType<typeof vi.fn>): FloowCreate {
  return onCreate.mock.calls[0]?.[0] as FloowCreate;
}

beforeEach(() => {
  feeds.list = { isPending: false, isError: false, data: [] };
  feeds.preview = { isPending: false, isError: false, data: [] };
  feeds.upsert.mockClear();
});
afterEach(() => vi.clearAllMocks());

describe("CreateFloowDialog, step 1", () => {
  it("shows the domain field only when no domain is selected", () => {
    const { unmount } = render(<Harness selectedDomainId={null} onCreate={async () => true} />);
    expect(screen.getByLabelText("Domain")).toBeTruthy();
    unmount();
    render(<Harness selectedDomainId="d1" onCreate={async () => true} />);
    expect(screen.queryByLabelText("Domain")).toBeNull();
    expect(screen.getByText("A new floow for Bike shop.")).toBeTruthy();
  });

  it("asks for a name and a domain", async () => {
    const onCreate = vi.fn(async () => true);
    render(<Harness selectedDomainId={null} onCreate={onCreate} />);
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(m.nameRequired)).toBeTruthy();
    expect(screen.getByText(m.domainRequired)).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("offers the languages en, nl, fr, de, optionally", () => {
    render(<Harness selectedDomainId="d1" onCreate={async () => true} />);
    const options = within(screen.getByLabelText("Language (optional)")).getAllByRole("option");
    expect(options.map((option) => option.getAttribute("value"))).toEqual([
      "",
      "en",
      "nl",
      "fr",
      "de",
    ]);
  });

  it("creates a Guided Data floow at once", async () => {
    const onCreate = vi.fn(async (_floow: FloowCreate) => true);
    render(<Harness selectedDomainId={null} onCreate={onCreate} />);
    await userEvent.click(screen.getByLabelText(/Guided Data/));
    await userEvent.type(screen.getByLabelText("Name"), "Newsletter survey");
    await userEvent.selectOptions(screen.getByLabelText("Domain"), "d2");
    await userEvent.selectOptions(screen.getByLabelText("Language (optional)"), "fr");
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Create Floow" }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledOnce());
    expect(created(onCreate)).toEqual({
      type: "data",
      name: "Newsletter survey",
      domainId: "d2",
      language: "fr",
      feedId: null,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("CreateFloowDialog, step 2 (Guided Selling)", () => {
  async function toFeedStep(onCreate: (floow: FloowCreate) => Promise<boolean>) {
    render(<Harness selectedDomainId="d1" onCreate={onCreate} />);
    await userEvent.type(screen.getByLabelText("Name"), "Bike finder");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("button", { name: "I'll add a feed later" });
  }

  it("has Back, I'll add a feed later, Add Feed and Create Floow; Back keeps step 1", async () => {
    await toFeedStep(async () => true);
    for (const name of ["Back", "I'll add a feed later", "Add Feed", "Create Floow"]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Bike finder");
  });

  it("creates without a feed with I'll add a feed later", async () => {
    const onCreate = vi.fn(async (_floow: FloowCreate) => true);
    await toFeedStep(onCreate);
    await userEvent.click(screen.getByRole("button", { name: "I'll add a feed later" }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledOnce());
    expect(created(onCreate)).toEqual({
      type: "selling",
      name: "Bike finder",
      domainId: "d1",
      feedId: null,
    });
  });

  it("asks for a feed, previews the chosen one and creates with it", async () => {
    feeds.list.data = [
      {
        id: "feed-1",
        name: "Main catalogue",
        type: "channable",
        url: "https://x.test/feed.xml",
        productCount: 2,
      },
    ];
    feeds.preview.data = [
      {
        id: "p1",
        name: "<b>Road bike</b>",
        price: 1299.5,
        image: "",
        description: "Fast &amp; light",
      },
      {
        id: "p2",
        name: "City bike",
        price: 499,
        image: "https://x.test/city.jpg",
        description: "",
      },
    ];
    const onCreate = vi.fn(async (_floow: FloowCreate) => true);
    await toFeedStep(onCreate);
    await userEvent.click(screen.getByRole("button", { name: "Create Floow" }));
    expect(await screen.findByText(m.feedRequired)).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("radio", { name: /Main catalogue/ }));
    const table = screen.getByRole("table", { name: "Feed preview" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Image", "ID", "Name", "Price", "Description"]);
    expect(within(table).getByText("Road bike")).toBeTruthy();
    expect(within(table).getByText("Fast & light")).toBeTruthy();
    expect(within(table).getByText("€ 1.299,50")).toBeTruthy();
    expect(within(table).getByText("€ 499,00")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Create Floow" }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledOnce());
    expect(created(onCreate).feedId).toBe("feed-1");
  });

  it("adds a new feed with the feed messages, then creates the floow with it", async () => {
    const onCreate = vi.fn(async (_floow: FloowCreate) => true);
    await toFeedStep(onCreate);
    await userEvent.click(screen.getByRole("button", { name: "Add Feed" }));
    const form = screen.getByRole("form", { name: "Add Feed" });
    await userEvent.click(screen.getByRole("button", { name: "Create Floow" }));
    expect(await within(form).findByText(VALIDATION_MESSAGES.feed.nameRequired)).toBeTruthy();
    expect(within(form).getByText(VALIDATION_MESSAGES.feed.urlRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Feed URL"), "not a url");
    await userEvent.tab();
    expect(await within(form).findByText(VALIDATION_MESSAGES.feed.urlInvalid)).toBeTruthy();
    expect(feeds.upsert).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText("Feed name"), "Shopify store");
    await userEvent.selectOptions(screen.getByLabelText("Feed type"), "shopify");
    await userEvent.clear(screen.getByLabelText("Feed URL"));
    await userEvent.type(screen.getByLabelText("Feed URL"), "https://shop.test/products.json");
    await userEvent.click(screen.getByRole("button", { name: "Create Floow" }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledOnce());
    const feed = feeds.upsert.mock.calls[0]?.[0];
    expect(feed).toMatchObject({
      name: "Shopify store",
      type: "shopify",
      url: "https://shop.test/products.json",
      domainId: "d1",
    });
    expect(created(onCreate).feedId).toBe(feed?.id);
  });

  it("says so when feeds cannot be loaded, and still creates without one", async () => {
    feeds.list = { isPending: false, isError: true, data: undefined };
    const onCreate = vi.fn(async (_floow: FloowCreate) => true);
    await toFeedStep(onCreate);
    expect(screen.getByText(/Product feeds cannot be loaded right now/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "I'll add a feed later" }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledOnce());
  });
});
