import { createChoice, createStep } from "@floow/domain/floow";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOST_ATTR } from "./host";
import { destroy, mount } from "./index";
import { domain as brand, products, sellingFloow, settle } from "./test/fixtures";

const domain = { ...brand, fonts: [] };

/** One question whose answer ends at the results; the API answers partial matches. */
function oneQuestion(language: "en" | "nl") {
  const q = createStep({ id: "q", text: "<p>Use?</p>" });
  q.choices = [createChoice({ id: "city", stepId: "q", text: "<p>City</p>" })];
  const floow = sellingFloow({
    steps: [q],
    language,
    container: { type: "embedded", radius: "md", padding: "md" },
  });
  floow.start.type = "none";
  return floow;
}

beforeEach(() => {
  document.body.innerHTML = `<div id="app"></div>`;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.endsWith("/api/public/results")) {
        const body = {
          products: products.slice(0, 2),
          partial: true,
          matches: [["City", "under € 800"], []],
        };
        return new Response(JSON.stringify(body), { status: 200 });
      }
      return new Response("{}", { status: 202 });
    }),
  );
});
afterEach(() => {
  destroy();
  vi.unstubAllGlobals();
});

describe("partial matches", () => {
  it.each([
    ["en", "Matches: City, under € 800"],
    ["nl", "Past bij: City, under € 800"],
  ] as const)("say on each card which answers it meets (%s)", async (language, text) => {
    const app = document.getElementById("app")!;
    mount(app, {
      floow: oneQuestion(language),
      domain,
      apiUrl: "https://api.example",
      device: "desktop",
    });
    const root = app.querySelector(`[${HOST_ATTR}]`)!.shadowRoot!;
    [...root.querySelectorAll("button")].find((b) => b.textContent === "City")!.click();
    await settle();
    const cards = [...root.querySelectorAll("article")];
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain(text);
    // A card that meets none of the answers says nothing about them.
    expect(cards[1]!.textContent).not.toContain("Matches");
  });
});
