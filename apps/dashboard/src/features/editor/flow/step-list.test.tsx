import { createFloow, createStep } from "@floow/domain/floow";
import type { VersionedFloow } from "@floow/domain/floow";
import { Toaster } from "@floow/ui";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { EditorApi } from "../editor-api";
import { EditorProvider } from "../editor-context";
import { StepList } from "./step-list";

function setup(stepCount: number) {
  const floow: VersionedFloow = {
    ...createFloow("selling", { id: "f1", domainId: "d1" }),
    version: 1,
  };
  floow.steps = Array.from({ length: stepCount }, (_, i) =>
    createStep({ id: `s${i + 1}`, text: `<p>Question ${i + 1}</p>` }),
  );
  const api: EditorApi = {
    saveFloow: vi.fn(async (floow, version) => ({ ...floow, version: version + 1 })),
    publishFloow: vi.fn(async () => ({ ...floow, status: "live" as const, version: 2 })),
    uploadImage: vi.fn(async () => "/blobs/x"),
    suggest: null,
    fetchFloow: vi.fn(async () => floow),
    previewResults: async () => ({ products: [], partial: false }),
    feedFields: async () => [],
  };
  render(
    <EditorProvider initial={floow} domain={null} api={api}>
      <StepList />
      <Toaster />
    </EditorProvider>,
  );
  return { api };
}

describe("the outline", () => {
  it("adds, duplicates and deletes steps with the spec's toasts", async () => {
    const user = userEvent.setup();
    setup(2);
    await user.click(screen.getByRole("button", { name: "Add step" }));
    expect(await screen.findByText("Step added")).toBeTruthy();
    expect(screen.getAllByTestId("step-item")).toHaveLength(3);

    await user.click(screen.getByRole("button", { name: /^Step 1:/ }));
    await user.click(screen.getByRole("button", { name: "Duplicate step 1" }));
    expect(await screen.findByText("Step duplicated")).toBeTruthy();
    expect(screen.getAllByTestId("step-item")).toHaveLength(4);

    await user.click(screen.getByRole("button", { name: "Delete step 2" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete question?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete question" }));
    expect(await screen.findByText("Step deleted")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("step-item")).toHaveLength(3));
    // The deleted step was selected: the previous one is selected now.
    expect(screen.getByRole("button", { name: /^Step 1:/ }).getAttribute("aria-current")).toBe(
      "step",
    );
  });

  it("deleting the last step selects the trigger page", async () => {
    const user = userEvent.setup();
    setup(1);
    await user.click(screen.getByRole("button", { name: "Delete step 1" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Delete question",
      }),
    );
    await waitFor(() => expect(screen.queryAllByTestId("step-item")).toHaveLength(0));
    expect(screen.getByRole("button", { name: /^Trigger/ }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("reorders with the up and down buttons", async () => {
    const user = userEvent.setup();
    setup(3);
    expect(screen.queryByRole("button", { name: "Move step 2 down" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Move step 1 down" }));
    const titles = screen.getAllByTestId("step-item").map((item) => item.textContent);
    expect(titles[0]).toContain("Question 2");
    expect(titles[1]).toContain("Question 1");
  });
});
