import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DocumentationGuide } from "./documentation-guide";

describe("EmbedGuides (in the documentation)", () => {
  it("gives the floow-widget tag for this Floow host, and the guides for Shopify, WordPress, Tag Manager, React and a CSP", () => {
    render(<DocumentationGuide origin="https://floow.example" />);
    for (const title of [
      "Without code: the floow-widget tag",
      "Shopify theme",
      "WordPress",
      "Google Tag Manager",
      "React",
      "A strict Content-Security-Policy",
    ])
      expect(screen.getByText(title, { selector: "[data-slot=card-title], h3, div" })).toBeTruthy();
    expect(
      screen.getAllByText(
        (_, node) =>
          node?.tagName === "CODE" &&
          node.textContent ===
            '<script src="https://floow.example/embed.js" async></script>\n<floow-widget floow-id="FLOOW_ID"></floow-widget>',
      ).length,
    ).toBeGreaterThanOrEqual(3);
    const csp = screen.getByText(
      (_, node) =>
        node?.tagName === "CODE" && !!node.textContent?.startsWith("script-src https://"),
    );
    expect(csp.textContent).toContain("connect-src https://floow.example;");
    // Strict: the runtime's styles need no 'unsafe-inline' (e2e/csp.spec.ts).
    expect(csp.textContent).not.toContain("unsafe-inline");
    expect(csp.textContent).toContain("img-src https://floow.example https: data:;");
    expect(csp.textContent).toContain("frame-src https://floow.example;");
  });
});
