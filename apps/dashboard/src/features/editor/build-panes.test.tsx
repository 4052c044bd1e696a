import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { paneClassName, PhonePaneSwitcher, type BuildPane } from "./build-panes";

function Panes() {
  const [pane, setPane] = useState<BuildPane>("steps");
  return (
    <>
      <PhonePaneSwitcher pane={pane} onChange={setPane} />
      <section aria-label="Steps pane" className={paneClassName(pane, "steps")} />
      <section aria-label="Preview pane" className={paneClassName(pane, "preview")} />
    </>
  );
}

describe("PhonePaneSwitcher", () => {
  it("shows one pane at a time: a click or the arrow keys choose it, one tab stop", async () => {
    render(<Panes />);
    const group = screen.getByRole("radiogroup", { name: "Show" });
    expect(group).toBeTruthy();
    const steps = screen.getByRole("radio", { name: "Steps" });
    expect(steps.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByLabelText("Preview pane").className).toContain("hidden");

    await userEvent.click(screen.getByRole("radio", { name: "Preview" }));
    expect(screen.getByLabelText("Preview pane").className).not.toContain("hidden");
    expect(screen.getByLabelText("Steps pane").className).toContain("hidden");

    // Clicking the chosen one again keeps it chosen (a pane always shows).
    await userEvent.click(screen.getByRole("radio", { name: "Preview" }));
    expect(screen.getByRole("radio", { name: "Preview" }).getAttribute("aria-checked")).toBe(
      "true",
    );

    // Arrow keys move between the three (Radix roving focus), Space chooses.
    await userEvent.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Edit" }));
    await userEvent.keyboard(" ");
    expect(screen.getByRole("radio", { name: "Edit" }).getAttribute("aria-checked")).toBe("true");
  });
});
