import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ToggleGroup, ToggleGroupItem } from "./toggle-group";

describe("ToggleGroup", () => {
  it("single: a radio group where the arrow keys move focus and Space presses", async () => {
    const user = userEvent.setup();
    function Status() {
      const [status, setStatus] = useState("all");
      return (
        <>
          <ToggleGroup
            type="single"
            aria-label="Status"
            value={status}
            // A filter always has a value: pressing the pressed one again keeps it.
            onValueChange={(next) => next && setStatus(next)}
          >
            <ToggleGroupItem value="all">All</ToggleGroupItem>
            <ToggleGroupItem value="draft">Draft</ToggleGroupItem>
            <ToggleGroupItem value="published">Published</ToggleGroupItem>
          </ToggleGroup>
          <p>Showing {status}</p>
        </>
      );
    }
    render(<Status />);
    expect(screen.getByRole("radiogroup", { name: "Status" })).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "All" }));
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Published" }));
    expect(screen.getByText("Showing all")).toBeTruthy();
    await user.keyboard(" ");
    expect(screen.getByRole("radio", { name: "Published" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(screen.getByText("Showing published")).toBeTruthy();
    await user.keyboard(" ");
    expect(screen.getByText("Showing published")).toBeTruthy();
  });

  it("multiple: a toolbar of pressed buttons, each on its own, disabled ones skipped", async () => {
    const user = userEvent.setup();
    render(
      <ToggleGroup type="multiple" aria-label="Text style" variant="outline" size="sm">
        <ToggleGroupItem value="bold">Bold</ToggleGroupItem>
        <ToggleGroupItem value="italic" disabled>
          Italic
        </ToggleGroupItem>
        <ToggleGroupItem value="underline">Underline</ToggleGroupItem>
      </ToggleGroup>,
    );
    expect(screen.getByRole("toolbar", { name: "Text style" })).toBeTruthy();
    const bold = screen.getByRole("button", { name: "Bold" });
    const underline = screen.getByRole("button", { name: "Underline" });
    await user.click(bold);
    expect(bold.getAttribute("aria-pressed")).toBe("true");
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(underline);
    await user.keyboard("{Enter}");
    expect(underline.getAttribute("aria-pressed")).toBe("true");
    expect(bold.getAttribute("aria-pressed")).toBe("true");
    await user.click(bold);
    expect(bold.getAttribute("aria-pressed")).toBe("false");
  });
});
