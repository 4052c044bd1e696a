import { createFloow } from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeEditorApi } from "../../../test/fake-editor-api";
import { EditorProvider, useEditor } from "../editor-context";
import { GeneralSettings } from ".";

function Probe() {
  const { floow } = useEditor();
  return <output data-testid="floow">{JSON.stringify(floow)}</output>;
}
const shown = (): Floow => JSON.parse(screen.getByTestId("floow").textContent ?? "{}") as Floow;

function setup() {
  render(
    <EditorProvider
      initial={{ ...createFloow("selling", { id: "f1", domainId: "d1" }), version: 1 }}
      domain={null}
      api={fakeEditorApi()}
    >
      <GeneralSettings />
      <Probe />
    </EditorProvider>,
  );
}

describe("the floow's general settings (keyboard)", () => {
  it("moves a size row with the arrow keys: one tab stop, the choice follows the focus", async () => {
    const user = userEvent.setup();
    setup();
    const radius = screen.getByRole("radiogroup", { name: "Radius" });
    const medium = screen.getByRole("radio", { name: "Radius md (12px)" });
    expect(radius.contains(medium)).toBe(true);
    expect(medium.getAttribute("aria-checked")).toBe("true");
    medium.focus();
    // Radix moves focus on a timer after keydown and selects while the key is still down.
    await user.keyboard("{ArrowRight>}{/ArrowRight}");
    const large = screen.getByRole("radio", { name: "Radius lg (16px)" });
    expect(large.getAttribute("aria-checked")).toBe("true");
    expect(document.activeElement).toBe(large);
    expect(shown().container.radius).toBe("lg");
    // The unchosen options are out of the tab order.
    expect(medium.getAttribute("tabindex")).toBe("-1");
  });

  it("toggles Skip trigger with Space, named by its label and described by its text", async () => {
    const user = userEvent.setup();
    setup();
    const skip = screen.getByRole("switch", { name: "Skip trigger" });
    expect(skip.getAttribute("aria-checked")).toBe("false");
    expect(document.getElementById(skip.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Show the floow without waiting for a trigger.",
    );
    skip.focus();
    await user.keyboard(" ");
    expect(skip.getAttribute("aria-checked")).toBe("true");
    expect(shown().skipTrigger).toBe(true);
  });
});
