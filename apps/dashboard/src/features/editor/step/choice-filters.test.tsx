import { FILTER_CONDITION_LABELS } from "@floow/domain/filter";
import { createChoice, createFloow, createStep } from "@floow/domain/floow";
import type { Floow, VersionedFloow } from "@floow/domain/floow";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EditorProvider, useEditor } from "../editor-context";
import { fakeEditorApi } from "../../../test/fake-editor-api";
import { ChoiceFilters } from "./choice-filters";

const red = createChoice({ text: "<p>Red</p>" });
const blue = createChoice({ text: "<p>Blue</p>" });

/** The editor's floow as the filter editor left it. */
let current: Floow;
function Probe() {
  current = useEditor().floow;
  return null;
}

function setup() {
  const floow: VersionedFloow = {
    ...createFloow("selling", { id: "f1", domainId: "d1", feedId: "feed-1" }),
    steps: [createStep({ id: "s1", choices: [red, blue] })],
    version: 1,
  };
  const feedFields = vi.fn(async () => ["id", "title", "color", "size"]);
  const api = fakeEditorApi({ fetchFloow: async () => floow, feedFields });
  render(
    <EditorProvider initial={floow} domain={null} api={api}>
      <ChoiceFilters choiceId={red.id} label="choice 1" />
      <Probe />
    </EditorProvider>,
  );
  return { feedFields, region: screen.getByRole("region", { name: "Filters of choice 1" }) };
}

describe("the filters of a choice", () => {
  it("adds a filter with its group, suggests the feed's fields and edits field, condition and value", async () => {
    const user = userEvent.setup();
    const { feedFields, region } = setup();
    expect(within(region).getByText(/does not narrow the products/)).toBeTruthy();
    expect(feedFields).toHaveBeenCalledWith("feed-1");

    await user.click(within(region).getByRole("button", { name: "Add filter" }));
    expect(current.filterGroups).toEqual([
      { id: expect.any(String), choiceId: red.id, parentId: null, operator: "and" },
    ]);
    expect(current.filters).toEqual([
      {
        id: expect.any(String),
        filterGroupId: current.filterGroups[0]?.id,
        field: "",
        operator: "equals",
        value: "",
      },
    ]);

    const field = within(region).getByLabelText("Filter 1 field");
    const list = document.getElementById(field.getAttribute("list") ?? "");
    await waitFor(() =>
      expect([...(list?.querySelectorAll("option") ?? [])].map((o) => o.value)).toEqual([
        "id",
        "title",
        "color",
        "size",
      ]),
    );
    await user.type(field, "color");
    const condition = within(region).getByLabelText("Filter 1 condition");
    // The ten conditions, with readable labels.
    expect([...condition.querySelectorAll("option")].map((o) => o.textContent)).toEqual(
      Object.values(FILTER_CONDITION_LABELS),
    );
    await user.selectOptions(condition, "contains");
    await user.type(within(region).getByLabelText("Filter 1 value"), "red");
    expect(current.filters[0]).toMatchObject({
      field: "color",
      operator: "contains",
      value: "red",
    });
    expect(within(region).getByText(/shows only products that match/)).toBeTruthy();

    // Empty and not empty need no value.
    await user.selectOptions(condition, "notEmpty");
    expect(within(region).queryByLabelText("Filter 1 value")).toBeNull();
    expect(within(region).getByText("No value needed")).toBeTruthy();
    await user.selectOptions(condition, "greaterThan");
    expect(within(region).getByLabelText("Filter 1 value").getAttribute("inputmode")).toBe(
      "decimal",
    );
  });

  it("switches the group between and and or, and adds filters to the same group", async () => {
    const user = userEvent.setup();
    const { region } = setup();
    await user.click(within(region).getByRole("button", { name: "Add filter" }));
    await user.click(within(region).getByRole("button", { name: "Add filter to group 1" }));
    expect(current.filterGroups).toHaveLength(1);
    expect(current.filters.map((f) => f.filterGroupId)).toEqual([
      current.filterGroups[0]?.id,
      current.filterGroups[0]?.id,
    ]);
    const match = within(region).getByLabelText("Group 1 match");
    expect([...match.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "all filters (and)",
      "any filter (or)",
    ]);
    await user.selectOptions(match, "or");
    expect(current.filterGroups[0]?.operator).toBe("or");
    // Only this choice's filters: the other choice has none.
    expect(current.filterGroups.every((g) => g.choiceId === red.id)).toBe(true);
  });

  it("removing the last filter of a group removes the group; a second group must match too", async () => {
    const user = userEvent.setup();
    const { region } = setup();
    await user.click(within(region).getByRole("button", { name: "Add filter" }));
    await user.click(within(region).getByRole("button", { name: "Add group" }));
    expect(current.filterGroups).toHaveLength(2);
    expect(current.filters).toHaveLength(2);
    expect(within(region).getByText("Every group must match.")).toBeTruthy();
    expect(within(region).getAllByRole("group")).toHaveLength(2);

    await user.click(within(region).getByRole("button", { name: "Delete filter 2" }));
    expect(current.filterGroups).toHaveLength(1);
    expect(within(region).getAllByRole("group")).toHaveLength(1);
    await user.click(within(region).getByRole("button", { name: "Delete filter 1" }));
    expect(current).toMatchObject({ filterGroups: [], filters: [] });
    expect(within(region).getByRole("button", { name: "Add filter" })).toBeTruthy();
  });
});
