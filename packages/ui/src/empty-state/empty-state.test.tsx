import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmptyState } from "./empty-state";

describe("EmptyState", () => {
  it("shows a title, a description and an action", () => {
    render(
      <EmptyState
        title="No domains yet"
        description="Add the website where your floows will load."
        action={<button type="button">Create Domain</button>}
      />,
    );
    expect(screen.getByRole("heading", { name: "No domains yet" })).toBeTruthy();
    expect(screen.getByText("Add the website where your floows will load.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Domain" })).toBeTruthy();
  });
});
