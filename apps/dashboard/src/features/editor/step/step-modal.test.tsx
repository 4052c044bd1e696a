import { createChoice, createFloow, createStep } from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { EditorProvider, useEditor } from "../editor-context";
import { fakeEditorApi } from "../../../test/fake-editor-api";
import { StepModal } from ".";

function Probe({ stepId }: { stepId: string }) {
  const { floow, dispatch } = useEditor();
  useEffect(() => dispatch({ type: "modal/open", stepId }), [dispatch, stepId]);
  return <output data-testid="floow">{JSON.stringify(floow)}</output>;
}
const shown = (): Floow => JSON.parse(screen.getByTestId("floow").textContent ?? "{}") as Floow;

function setup() {
  const first = createStep({ id: "s1", text: "Use" });
  first.choices = [
    createChoice({ id: "c1", stepId: "s1", text: "City" }),
    createChoice({ id: "c2", stepId: "s1", text: "Trail" }),
  ];
  const second = createStep({ id: "s2", text: "Budget" });
  second.choices = [
    createChoice({ id: "c3", stepId: "s2", text: "Low" }),
    createChoice({ id: "c4", stepId: "s2", text: "High" }),
  ];
  const floow = createFloow("selling", { id: "f1", domainId: "d1", steps: [first, second] });
  render(
    <EditorProvider initial={{ ...floow, version: 1 }} domain={null} api={fakeEditorApi()}>
      <StepModal />
      <Probe stepId="s1" />
    </EditorProvider>,
  );
}

describe("step modal: conditions", () => {
  it("adds a condition and edits its four selects and the choices of the target step", async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole("tab", { name: "Conditions (0)" }));
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    expect(screen.getAllByTestId("condition-editor")).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText("When"), "notSelected");
    await user.selectOptions(screen.getByLabelText("Choice"), "c2");
    await user.selectOptions(screen.getByLabelText("Then"), "showChoices");
    await user.selectOptions(screen.getByLabelText("Step"), "s2");
    await user.click(screen.getByRole("checkbox", { name: "High" }));
    expect(shown().steps[0]?.conditions[0]).toMatchObject({
      condition: "notSelected",
      conditionChoiceId: "c2",
      consequence: "showChoices",
      consequenceStepId: "s2",
      consequenceChoiceIds: ["c4"],
    });

    // "Always" needs no choice; "the finish page" needs no step.
    await user.selectOptions(screen.getByLabelText("When"), "always");
    await user.selectOptions(screen.getByLabelText("Then"), "goToFinish");
    expect(screen.queryByLabelText("Choice")).toBeNull();
    expect(screen.queryByLabelText("Step")).toBeNull();
    expect(shown().steps[0]?.conditions[0]).toMatchObject({
      condition: "always",
      consequence: "goToFinish",
    });

    await user.click(screen.getByRole("button", { name: "Delete condition 1" }));
    expect(shown().steps[0]?.conditions).toEqual([]);
  });
});
