import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeTrpcWrapper } from "../../test/fake-trpc";
import { useFeedPreview } from "./feed-api";

// What `feed.preview` answers: products read with the default variables.
const preview = {
  format: "xml",
  attributes: ["id", "sku", "title", "brand", "price", "link", "image_link", "description"],
  products: [
    {
      id: "1",
      url: "https://shop.example/1",
      name: "Trail shoe",
      price: 99.95,
      image: "https://cdn.example/1.jpg",
      description: "Light",
      attributes: {
        id: "1",
        sku: "SKU-1",
        title: "Trail shoe",
        brand: "Hoka",
        price: "99.95 EUR",
        link: "https://shop.example/1",
        image_link: "https://cdn.example/1.jpg",
        description: "Light",
      },
    },
  ],
};

const api = () => fakeTrpcWrapper({ "feed.preview": () => preview });

describe("useFeedPreview", () => {
  it("reads an existing feed's preview through the feed's own variables", async () => {
    const variables = { ...DEFAULT_FEED_VARIABLES, id: "sku", name: "brand" };
    const { result } = renderHook(
      () => useFeedPreview({ url: "https://feeds.example/x.xml", type: "channable" }, variables),
      { wrapper: api() },
    );
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.[0]).toMatchObject({
      id: "SKU-1",
      name: "Hoka",
      price: 99.95,
      url: "https://shop.example/1",
    });
  });

  it("without variables, shows the server's products as they are", async () => {
    const { result } = renderHook(
      () => useFeedPreview({ url: "https://feeds.example/x.xml", type: "channable" }),
      { wrapper: api() },
    );
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.[0]).toMatchObject({ id: "1", name: "Trail shoe" });
  });
});
