import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("is a plain button by default, so it never submits a form by accident", async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("type")).toBe("button");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("is disabled and busy while loading", () => {
    render(<Button loading>Create</Button>);
    const button = screen.getByRole("button", { name: /Create/ });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
  });

  it("renders its child with the button look when asChild", () => {
    render(
      <Button asChild variant="outline">
        <a href="/floows">Floows</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Floows" });
    expect(link.className).toContain("border");
  });
});
