import { EVENT_TYPES } from "@floow/domain/events";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DocumentationGuide } from "./documentation-guide";

describe("DocumentationGuide", () => {
  it("shows the script tag and the npm package for this Floow host", () => {
    render(<DocumentationGuide origin="https://floow.example" />);
    // Also in the Google Tag Manager guide.
    expect(
      screen.getAllByText(
        '<script src="https://floow.example/embed.js" data-domain="DOMAIN_ID" async></script>',
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText("npm install @floow/runtime")).toBeTruthy();
    expect(screen.getByText(/apiUrl: "https:\/\/floow\.example"/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Implementation tab" }).getAttribute("href")).toBe(
      "/domains",
    );
  });

  it("lists every data-layer event type", () => {
    render(<DocumentationGuide origin="https://floow.example" />);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([...EVENT_TYPES]);
  });
});
