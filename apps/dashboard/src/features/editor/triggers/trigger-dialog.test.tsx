import { VALIDATION_MESSAGES } from "@floow/domain/validation";
import type { Trigger } from "@floow/domain/trigger";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TriggerDialog, validateTriggerStep } from "./trigger-dialog";

const t = VALIDATION_MESSAGES.trigger;

describe("Create Trigger dialog", () => {
  it("validates each step with the spec's messages and creates the trigger", async () => {
    const user = userEvent.setup();
    const created: Trigger[] = [];
    const onOpenChange = vi.fn();
    render(
      <TriggerDialog
        open
        onOpenChange={onOpenChange}
        onCreate={(trigger) => void created.push(trigger)}
      />,
    );

    expect(screen.getByText("Step 1 of 2")).toBeTruthy();
    expect(screen.getAllByTestId("trigger-progress-step")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText(t.routeRequired)).toBeTruthy();

    await user.type(screen.getByLabelText("Route"), "/shop");
    expect(screen.queryByText(t.routeRequired)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Step 2 of 2")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByText(t.valueRequired)).toBeTruthy();
    await user.type(screen.getByLabelText("Value"), "finder");
    await user.selectOptions(screen.getByLabelText("Target"), "after");
    await user.click(screen.getByRole("button", { name: "Create" }));

    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      route: "/shop",
      routeType: "startsWith",
      attribute: "id",
      value: "finder",
      target: "after",
    });
    expect(created[0]?.id).toBeTypeOf("string");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("resets to startsWith, id, inside after a create", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<TriggerDialog open onOpenChange={() => {}} onCreate={() => {}} />);
    await user.type(screen.getByLabelText("Route"), "/a");
    await user.selectOptions(screen.getByLabelText("Route type"), "strict");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.selectOptions(screen.getByLabelText("Attribute"), "class");
    await user.type(screen.getByLabelText("Value"), "grid");
    await user.click(screen.getByRole("button", { name: "Create" }));
    rerender(<TriggerDialog open onOpenChange={() => {}} onCreate={() => {}} />);
    expect((screen.getByLabelText("Route") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Route type") as HTMLSelectElement).value).toBe("startsWith");
    await user.type(screen.getByLabelText("Route"), "/b");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect((screen.getByLabelText("Attribute") as HTMLSelectElement).value).toBe("id");
    expect((screen.getByLabelText("Target") as HTMLSelectElement).value).toBe("inside");
  });

  it("has a message for every invalid choice", () => {
    const bad = {
      route: " ",
      routeType: "sometimes",
      attribute: "name",
      value: "",
      target: "over",
    } as never;
    expect(validateTriggerStep(1, bad)).toEqual({
      route: t.routeRequired,
      routeType: t.routeTypeInvalid,
    });
    expect(validateTriggerStep(2, bad)).toEqual({
      attribute: t.attributeInvalid,
      value: t.valueRequired,
      target: t.targetInvalid,
    });
  });
});
