import {
  createChoice,
  createFilter,
  createFilterGroup,
  createFloow,
  createStep,
} from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import { render, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RuntimePreview } from "./preview";

describe("the preview's results", () => {
  it("asks for the finish page's results with no selections, and again for the floow as edited", async () => {
    const red = createChoice();
    const floow: Floow = {
      ...createFloow("selling", { id: "f1", domainId: "d1", feedId: "feed-1" }),
      steps: [createStep({ choices: [red] })],
    };
    const results = vi.fn(async () => ({
      products: [{ id: "p1", title: "Red shoe" }],
      partial: false,
    }));
    const view = (shown: Floow) => (
      <RuntimePreview
        floow={shown}
        domain={null}
        device="mobile"
        target={{ kind: "finish" }}
        results={results}
      />
    );
    const { rerender } = render(view(floow));
    await waitFor(() => expect(results).toHaveBeenCalledWith(floow, []));

    const group = createFilterGroup({ choiceId: red.id });
    const edited = {
      ...floow,
      filterGroups: [group],
      filters: [createFilter({ filterGroupId: group.id, field: "color", value: "red" })],
    };
    rerender(view(edited));
    // After the pause: the unsaved filters go with the call.
    await waitFor(() => expect(results).toHaveBeenLastCalledWith(edited, []), { timeout: 2000 });
    // Other edits (a name) do not ask again.
    const calls = results.mock.calls.length;
    rerender(view({ ...edited, name: "Renamed" }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(results).toHaveBeenCalledTimes(calls);
  });
});
