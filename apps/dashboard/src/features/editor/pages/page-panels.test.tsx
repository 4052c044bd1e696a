import { createFloow } from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import { render, screen, fireEvent } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeEditorApi } from "../../../test/fake-editor-api";
import { EditorProvider, useEditor } from "../editor-context";
import { FinishPanel, StartPanel } from ".";

const api = fakeEditorApi();

function Probe() {
  const { floow } = useEditor();
  return <output data-testid="floow">{JSON.stringify(floow)}</output>;
}
const shown = (): Floow => JSON.parse(screen.getByTestId("floow").textContent ?? "{}") as Floow;

function setup(panel: "start" | "finish", device: "mobile" | "desktop") {
  render(
    <EditorProvider
      initial={{ ...createFloow("selling", { id: "f1", domainId: "d1" }), version: 1 }}
      domain={null}
      api={api}
      initialUi={{ device }}
    >
      {panel === "start" ? <StartPanel /> : <FinishPanel />}
      <Probe />
    </EditorProvider>,
  );
}

describe("start and finish page panels", () => {
  it("edit the results layout of the device in view, the texts and the attributes", async () => {
    const user = userEvent.setup();
    setup("finish", "desktop");
    expect(screen.getByText("Results layout · Desktop")).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Columns"), "4");
    await user.selectOptions(screen.getByLabelText("In view"), "8");
    await user.selectOptions(screen.getByLabelText("Card type"), "list");
    await user.selectOptions(screen.getByLabelText("Image position"), "left");
    await user.click(screen.getByRole("radio", { name: "Gap lg (16px)" }));
    await user.click(screen.getByRole("radio", { name: "Radius none (0px)" }));
    await user.click(screen.getByRole("radio", { name: "Padding xl (24px)" }));
    await user.click(screen.getByRole("switch", { name: "Shadow" }));
    fireEvent.change(screen.getByLabelText("Width"), { target: { value: "80" } });
    await user.clear(screen.getByLabelText("Show more"));
    await user.type(screen.getByLabelText("Show more"), "More bikes");
    await user.clear(screen.getByLabelText("Product button"));
    await user.type(screen.getByLabelText("Product button"), "Buy");
    await user.type(screen.getByLabelText("Attributes"), "color, size,");
    const { results } = shown().finish;
    expect(results.desktop).toEqual({
      width: 80,
      columns: 4,
      inView: 8,
      type: "list",
      imagePosition: "left",
      gap: "lg",
      radius: "none",
      padding: "xl",
      shadow: false,
    });
    // The other device keeps its own layout.
    expect(results.mobile).toMatchObject({ columns: 1, inView: 1, type: "card" });
    expect(results).toMatchObject({
      showMore: { text: "More bikes" },
      button: { text: "Buy" },
      attributes: ["color", "size"],
    });
    expect((screen.getByLabelText("Attributes") as HTMLInputElement).value).toBe("color, size,");
  });

  it("edit the start page's width and alignment per device", async () => {
    const user = userEvent.setup();
    setup("start", "mobile");
    expect(screen.getByText("Layout · Mobile")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Width"), { target: { value: "100" } });
    await user.selectOptions(screen.getByLabelText("Align"), "left");
    expect(shown().start.mobile).toEqual({ width: 100, align: "left" });
    expect(shown().start.desktop).toEqual({ width: 50, align: "center" });
  });
});
