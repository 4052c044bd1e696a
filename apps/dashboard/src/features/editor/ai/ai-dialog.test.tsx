import { AI_LOADING_MESSAGES } from "@floow/domain/messages";
import { VALIDATION_MESSAGES } from "@floow/domain/validation";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SuggestionAnswer } from "../editor-api";
import { AiSuggestionDialog, validatePrompt } from "./ai-dialog";
import type { SuggestionParts } from "./ai-dialog";

afterEach(() => vi.useRealTimers());

describe("AI Suggestion dialog", () => {
  const floow = { id: "f1", name: "Shoes" };

  it("requires a prompt of at most 1000 characters and counts them", async () => {
    const user = userEvent.setup();
    render(
      <AiSuggestionDialog
        open
        onOpenChange={() => {}}
        floow={floow}
        suggest={async () => ({ questions: [], source: "feed" as const })}
        source={{ source: "feed", model: null }}
        onSuggestion={() => {}}
      />,
    );
    expect(screen.getByTestId("ai-counter").textContent).toBe("0/1000");
    expect(screen.getByTestId("ai-source").textContent).toContain("from this floow's product feed");
    await user.click(screen.getByRole("button", { name: "Generate questions" }));
    expect(screen.getByText("Please enter a prompt.")).toBeTruthy();
    await user.type(screen.getByLabelText("Prompt"), "Shoes");
    expect(screen.getByTestId("ai-counter").textContent).toBe("5/1000");
    expect(screen.queryByText("Please enter a prompt.")).toBeNull();
    expect(validatePrompt("x".repeat(1000))).toBeUndefined();
    expect(validatePrompt("x".repeat(1001))).toBe(VALIDATION_MESSAGES.aiPrompt.max);
  });

  it("cycles six loading messages every 2 s, then adds the questions as steps with their filters", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let answer: (questions: SuggestionAnswer) => void = () => {};
    const suggest = vi.fn(() => new Promise<SuggestionAnswer>((resolve) => (answer = resolve)));
    const onSteps = vi.fn<(parts: SuggestionParts) => void>();
    const onOpenChange = vi.fn();
    render(
      <AiSuggestionDialog
        open
        onOpenChange={onOpenChange}
        floow={floow}
        suggest={suggest}
        source={{ source: "model", model: "gpt-test" }}
        onSuggestion={onSteps}
      />,
    );
    expect(screen.getByTestId("ai-source").textContent).toBe("Answered by the AI model gpt-test.");
    await user.type(screen.getByLabelText("Prompt"), "Running shoes");
    await user.click(screen.getByRole("button", { name: "Generate questions" }));

    expect(suggest).toHaveBeenCalledWith({ id: "f1", name: "Shoes", content: "Running shoes" });
    expect(AI_LOADING_MESSAGES).toHaveLength(6);
    expect(screen.getByTestId("ai-loading-message").textContent).toBe(AI_LOADING_MESSAGES[0]);
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByTestId("ai-loading-message").textContent).toBe(AI_LOADING_MESSAGES[1]);

    await act(async () =>
      answer({
        source: "feed",
        questions: [
          {
            title: "Terrain?",
            key: "terrain",
            choices: [
              {
                title: "Road",
                key: "road",
                filters: [{ field: "type", operator: "equals", value: "road" }],
              },
            ],
          },
        ],
      }),
    );
    const parts = onSteps.mock.calls[0]?.[0];
    expect(parts?.steps[0]?.text).toBe("<p>Terrain?</p>");
    expect(parts?.steps[0]?.choices[0]?.text).toBe("<p>Road</p>");
    expect(parts?.filterGroups).toEqual([
      expect.objectContaining({ choiceId: parts?.steps[0]?.choices[0]?.id }),
    ]);
    expect(parts?.filters).toEqual([expect.objectContaining({ field: "type", value: "road" })]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("closes silently when the call fails", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const onSteps = vi.fn();
    render(
      <AiSuggestionDialog
        open
        onOpenChange={onOpenChange}
        floow={floow}
        suggest={() => Promise.reject(new Error("down"))}
        onSuggestion={onSteps}
      />,
    );
    await user.type(screen.getByLabelText("Prompt"), "x");
    await user.click(screen.getByRole("button", { name: "Generate questions" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSteps).not.toHaveBeenCalled();
  });
});
