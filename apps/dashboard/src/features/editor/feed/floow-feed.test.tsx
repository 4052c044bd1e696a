import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import { createFloow } from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper } from "../../../test/fake-trpc";
import { LaunchPanel } from "../launch";

// axe needs a real layout (the e2e journey runs it); here the rendered draft is clean.
vi.mock("../launch/a11y-check", () => ({ checkAccessibility: async () => [] }));
import { EditorProvider } from "../editor-context";
import { fakeEditorApi } from "../../../test/fake-editor-api";
import { FloowFeedSection } from "./floow-feed";

const feed = {
  id: "feed1",
  name: "Velo bikes",
  type: "channable",
  url: "https://feeds.example/bikes.xml",
  productCount: 6,
  lastRefreshAt: "2026-11-23T20:00:00.000Z",
  variables: { ...DEFAULT_FEED_VARIABLES },
};
const procedures = {
  "floow.versions": () => ({ liveVersion: null, draftChanged: true, versions: [] }),
  "floow.publishCheck": () => ({ liveVersion: null, changes: [], items: [] }),
  "feed.list": () => [feed],
  "feed.preview": () => ({
    format: "xml",
    attributes: ["id", "title", "price"],
    products: [
      {
        id: "B1",
        url: "",
        name: "Velo Aero",
        price: 1499,
        image: "",
        description: "",
        attributes: { id: "B1", title: "Velo Aero", price: "1499.00 EUR" },
      },
    ],
  }),
};

function setup(
  children: React.ReactNode,
  saved: Floow[] = [],
  publishFloow = vi.fn(async (id: string) => ({
    ...createFloow("selling", { id, domainId: "d1" }),
    status: "live" as const,
    version: 2,
  })),
) {
  const api = fakeEditorApi({
    publishFloow,
    saveFloow: async (floow, version) => {
      saved.push(floow);
      return { ...floow, version: version + 1 };
    },
  });
  const Wrapper = fakeTrpcWrapper(procedures);
  render(
    <Wrapper>
      <EditorProvider
        initial={{ ...createFloow("selling", { id: "f1", domainId: "d1" }), version: 1 }}
        domain={null}
        api={api}
      >
        {children}
      </EditorProvider>
    </Wrapper>,
  );
  return { saved, publishFloow };
}

describe("the floow's feed in the editor", () => {
  it("chooses a feed with the wizard's picker and shows its products and last refresh", async () => {
    const user = userEvent.setup();
    const { saved } = setup(<FloowFeedSection />);
    expect(screen.getByText(/No feed yet/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Choose a feed" }));
    await user.click(await screen.findByRole("radio", { name: /Velo bikes/ }));
    await user.click(screen.getByRole("button", { name: "Use this feed" }));
    const shown = await screen.findByTestId("floow-feed");
    await waitFor(() =>
      expect(shown.textContent).toContain("Channable · 6 products · refreshed 23 Nov 2026"),
    );
    await waitFor(() => expect(saved.at(-1)?.feedId).toBe("feed1"), { timeout: 3000 });
  });

  it("asks for a feed before publishing a selling floow without one, then publishes with it", async () => {
    const user = userEvent.setup();
    const { saved, publishFloow } = setup(<LaunchPanel />);
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose a product feed" });
    expect(publishFloow).not.toHaveBeenCalled();
    // Without a choice: the wizard's message.
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(dialog.textContent).toContain("Please select a feed.");
    await user.click(await screen.findByRole("radio", { name: /Velo bikes/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    // The publish dialog saves the draft (the feed included), checks it, then publishes.
    const review = await screen.findByRole("dialog", { name: "Publish version 1" });
    await waitFor(() => expect(saved.at(-1)?.feedId).toBe("feed1"));
    await screen.findByTestId("check-clean");
    await user.click(within(review).getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(publishFloow).toHaveBeenCalledWith("f1", undefined));
  });
});
