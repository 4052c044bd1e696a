import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { RadioGroup, RadioGroupItem, type RadioGroupProps } from "./radio-group";

function Device(props: Omit<RadioGroupProps, "value" | "onValueChange">) {
  const [device, setDevice] = useState("mobile");
  return (
    <>
      <RadioGroup aria-label="Device" value={device} onValueChange={setDevice} {...props}>
        <RadioGroupItem value="mobile">Mobile</RadioGroupItem>
        <RadioGroupItem value="tablet" disabled>
          Tablet
        </RadioGroupItem>
        <RadioGroupItem value="desktop" description="1440 px wide">
          Desktop
        </RadioGroupItem>
      </RadioGroup>
      <p>Previewing on {device}</p>
    </>
  );
}

/**
 * Presses an arrow key as a person does: Radix moves focus on a timer after keydown and
 * selects the focused radio only while the key is still down (a real keyup comes later).
 */
const press = (user: ReturnType<typeof userEvent.setup>, key: string) =>
  user.keyboard(`{${key}>}{/${key}}`);

const checked = (name: string) =>
  screen.getByRole("radio", { name }).getAttribute("aria-checked") === "true";

describe("RadioGroup", () => {
  it("is announced as a named group of radios named by their labels", () => {
    render(<Device />);
    const group = screen.getByRole("radiogroup", { name: "Device" });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("aria-checked"))).toEqual(
      ["true", "false", "false"],
    );
    const desktop = screen.getByRole("radio", { name: "Desktop" });
    expect(document.getElementById(desktop.getAttribute("aria-describedby")!)?.textContent).toBe(
      "1440 px wide",
    );
  });

  it("moves the selection with the arrow keys, skipping a disabled option", async () => {
    const user = userEvent.setup();
    render(<Device />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Mobile" }));
    await press(user, "ArrowDown");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Desktop" }));
    expect(checked("Desktop")).toBe(true);
    expect(checked("Mobile")).toBe(false);
    expect(screen.getByText("Previewing on desktop")).toBeTruthy();
    await press(user, "ArrowUp");
    expect(checked("Mobile")).toBe(true);
    expect(screen.getByText("Previewing on mobile")).toBeTruthy();
  });

  it("is one tab stop: Tab leaves the group from the selected option", async () => {
    const user = userEvent.setup();
    render(
      <>
        <Device />
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "After" }));
  });

  it("selects on click in the segmented variant, with left and right arrows too", async () => {
    const user = userEvent.setup();
    render(<Device variant="segmented" size="sm" />);
    await user.click(screen.getByRole("radio", { name: "Desktop" }));
    expect(checked("Desktop")).toBe(true);
    await press(user, "ArrowLeft");
    expect(checked("Mobile")).toBe(true);
    await press(user, "ArrowRight");
    expect(checked("Desktop")).toBe(true);
    expect(screen.getByRole("radio", { name: "Mobile" }).className).toContain("h-7");
  });

  it("names swatches by their aria-label", async () => {
    const user = userEvent.setup();
    function Colours() {
      const [colour, setColour] = useState("default");
      return (
        <RadioGroup
          variant="swatch"
          aria-label="Background"
          value={colour}
          onValueChange={setColour}
        >
          <RadioGroupItem value="default" aria-label="Default" />
          <RadioGroupItem value="moss" aria-label="Moss" style={{ background: "#5b7737" }} />
        </RadioGroup>
      );
    }
    render(<Colours />);
    await user.click(screen.getByRole("radio", { name: "Moss" }));
    expect(checked("Moss")).toBe(true);
    expect(checked("Default")).toBe(false);
  });
});
