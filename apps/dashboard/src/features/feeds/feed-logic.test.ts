import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import { describe, expect, it } from "vitest";
import {
  attributeText,
  buildFeedSave,
  initialVariables,
  isRefreshing,
  refreshState,
  remapPreview,
  variableOptions,
  type PreviewProduct,
} from "./feed-logic";

const product: PreviewProduct = {
  id: "SKU-1",
  url: "https://shop.example/1",
  name: "Trail shoe",
  price: 99.95,
  image: "https://cdn.example/1.jpg",
  description: "Grippy",
  attributes: {
    sku: "SKU-1",
    link: "https://shop.example/1",
    title: "Trail shoe",
    brand: "Hoka",
    price: "99.95 EUR",
    sale_price: "79,95 EUR",
    image_link: "https://cdn.example/1.jpg",
    description: "Grippy",
  },
};

describe("refreshState", () => {
  it("says a queued or running refresh first, then the last result with its error", () => {
    const base = { refreshQueued: false, lastRefreshStatus: "ok" as const, lastRefreshError: null };
    expect(refreshState(base)).toEqual({ kind: "ok", label: "OK" });
    expect(refreshState({ ...base, refreshQueued: true }).kind).toBe("refreshing");
    expect(refreshState({ ...base, lastRefreshStatus: "running" }).kind).toBe("refreshing");
    expect(refreshState({ ...base, lastRefreshStatus: "pending" })).toEqual({
      kind: "never",
      label: "Not refreshed yet",
    });
    expect(
      refreshState({
        ...base,
        lastRefreshStatus: "failed",
        lastRefreshError: "HTTP 404 from the feed",
      }),
    ).toEqual({ kind: "failed", label: "Failed", error: "HTTP 404 from the feed" });
    expect(isRefreshing({ refreshQueued: false, lastRefreshStatus: "failed" })).toBe(false);
  });
});

describe("remapPreview", () => {
  it("keeps the server's value for a default variable and reads a changed one from the attributes", () => {
    const [same] = remapPreview([product], { ...DEFAULT_FEED_VARIABLES });
    // The feed has no `id`: the server found `sku`, which a default mapping keeps.
    expect(same).toMatchObject({ id: "SKU-1", name: "Trail shoe", price: 99.95 });
    const [changed] = remapPreview([product], {
      ...DEFAULT_FEED_VARIABLES,
      name: "brand",
      price: "sale_price",
    });
    expect(changed).toMatchObject({ id: "SKU-1", name: "Hoka", price: 79.95 });
  });
});

describe("variableOptions and initialVariables", () => {
  it("offers the preview's attributes, and the current choice when the preview lacks it", () => {
    expect(variableOptions(["sku", "title"], "title")).toEqual(["sku", "title"]);
    expect(variableOptions(["sku", "title"], "id")).toEqual(["id", "sku", "title"]);
  });

  it("starts from the defaults or the feed's own variables", () => {
    expect(initialVariables()).toEqual(DEFAULT_FEED_VARIABLES);
    expect(initialVariables({ variables: { ...DEFAULT_FEED_VARIABLES, id: "sku" } }).id).toBe(
      "sku",
    );
  });
});

describe("buildFeedSave", () => {
  const form = { name: "Main", type: "channable" as const, url: "https://feeds.example/f.xml" };

  it("makes a new feed of the organization, without a domain", () => {
    const feed = buildFeedSave(form, { ...DEFAULT_FEED_VARIABLES });
    expect(feed).toMatchObject({
      ...form,
      domainId: null,
      description: "",
      image: null,
      products: [],
    });
    expect(feed.id).toMatch(/^[0-9a-f-]{36}$/);
    expect("organizationId" in feed).toBe(false);
  });

  it("keeps an edited feed's id, domain, description and image", () => {
    const existing = {
      id: "f1",
      domainId: "d1",
      description: "All shoes",
      image: "https://x/y.png",
    };
    const feed = buildFeedSave(form, { ...DEFAULT_FEED_VARIABLES, id: "sku" }, existing);
    expect(feed).toMatchObject({ ...existing, name: "Main", variables: { id: "sku" } });
  });
});

describe("attributeText", () => {
  it("puts list items on lines of their own", () => {
    expect(attributeText("x")).toBe("x");
    expect(attributeText(["S", "M"])).toBe("S\nM");
  });
});
