import { createFloow } from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeEditorApi } from "../../../test/fake-editor-api";
import { EditorProvider, useEditor } from "../editor-context";
import { FinishPanel } from ".";

function Probe() {
  const { floow } = useEditor();
  return <output data-testid="floow">{JSON.stringify(floow)}</output>;
}
const shown = (): Floow => JSON.parse(screen.getByTestId("floow").textContent ?? "{}") as Floow;

function setup(floow: Floow) {
  render(
    <EditorProvider
      initial={{ ...floow, version: 1 }}
      domain={null}
      api={fakeEditorApi()}
      initialUi={{ device: "desktop" }}
    >
      <FinishPanel />
      <Probe />
    </EditorProvider>,
  );
}

describe("the finish page's product link", () => {
  it("opens in this tab without UTM by default, and can open a new tab with UTM parameters", async () => {
    const user = userEvent.setup();
    setup(createFloow("selling", { id: "f1", domainId: "d1" }));
    expect((screen.getByLabelText("Product link opens in") as HTMLSelectElement).value).toBe(
      "self",
    );
    expect(screen.getByRole("option", { name: "This tab" })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Product link opens in"), "A new tab");
    await user.click(screen.getByRole("switch", { name: /Add UTM parameters/ }));
    expect(shown().finish.results.link).toEqual({ target: "blank", utm: true });
  });

  it("reads a floow saved before the setting as this tab, no UTM", async () => {
    const user = userEvent.setup();
    const floow = createFloow("selling", { id: "f1", domainId: "d1" });
    const { link: _, ...old } = floow.finish.results;
    setup({ ...floow, finish: { ...floow.finish, results: old as Floow["finish"]["results"] } });
    expect((screen.getByLabelText("Product link opens in") as HTMLSelectElement).value).toBe(
      "self",
    );
    expect(
      screen.getByRole("switch", { name: /Add UTM parameters/ }).getAttribute("aria-checked"),
    ).toBe("false");
    await user.click(screen.getByRole("switch", { name: /Add UTM parameters/ }));
    expect(shown().finish.results.link).toEqual({ target: "self", utm: true });
  });
});
