import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Switch } from "./switch";

function Controlled({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <>
      <Switch
        label="Skip trigger"
        description="Open straight on the first step."
        checked={on}
        onCheckedChange={setOn}
        disabled={disabled}
      />
      <p>{on ? "Trigger skipped" : "Trigger shown"}</p>
    </>
  );
}

describe("Switch", () => {
  it("is announced as a switch named by its label and described by its description", () => {
    render(<Controlled />);
    const toggle = screen.getByRole("switch", { name: "Skip trigger" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(toggle.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Open straight on the first step.",
    );
  });

  it("toggles with Space once focused, and back", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.tab();
    const toggle = screen.getByRole("switch", { name: "Skip trigger" });
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(" ");
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByText("Trigger skipped")).toBeTruthy();
    await user.keyboard(" ");
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText("Trigger shown")).toBeTruthy();
  });

  it("toggles from a click on its label", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByText("Skip trigger"));
    expect(screen.getByRole("switch", { name: "Skip trigger" }).getAttribute("aria-checked")).toBe(
      "true",
    );
  });

  it("does not change while disabled", async () => {
    const user = userEvent.setup();
    render(<Controlled disabled />);
    const toggle = screen.getByRole("switch", { name: "Skip trigger" });
    expect(toggle.hasAttribute("disabled")).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText("Trigger shown")).toBeTruthy();
  });

  it("takes an aria-label when it has no visible label, in both sizes", () => {
    render(<Switch aria-label="Shadow" size="sm" defaultChecked />);
    const toggle = screen.getByRole("switch", { name: "Shadow" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(toggle.className).toContain("w-7");
  });
});
