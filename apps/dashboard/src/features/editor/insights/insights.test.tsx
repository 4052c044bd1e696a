import { createChoice, createFloow, createStep } from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import type { DeadEndReport } from "@floow/domain/insights";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EditorProvider } from "../editor-context";
import { fakeEditorApi } from "../../../test/fake-editor-api";
import { DeadEndsPanel } from "./dead-ends-panel";
import { InsightsProvider } from "./insights-context";
import { MatchCountBadge } from "./match-count-badge";

function floowWithFeed(): Floow {
  const step = createStep({ id: "s1", text: "<p>Kind</p>" });
  step.choices = [
    createChoice({ id: "road", stepId: "s1", text: "<p>Road</p>" }),
    createChoice({ id: "gravel", stepId: "s1", text: "<p>Gravel</p>" }),
  ];
  return createFloow("selling", { id: "f1", domainId: "d1", feedId: "feed1", steps: [step] });
}

const report: DeadEndReport = {
  paths: 2,
  sampled: false,
  count: 1,
  deadEnds: [{ answers: [{ stepId: "s1", choiceIds: ["gravel"] }], reason: "noProducts" }],
};

describe("editor insights", () => {
  it("shows each choice's match count and the dead ends of the last save", async () => {
    const matchCounts = vi.fn(async () => ({
      total: 6,
      inStock: 4,
      choices: [
        { choiceId: "road", filtered: true, matches: 2, inStock: 1 },
        { choiceId: "gravel", filtered: true, matches: 0, inStock: 0 },
      ],
    }));
    const deadEnds = vi.fn(async () => ({
      report,
      checkedAt: new Date().toISOString(),
      current: true,
    }));
    render(
      <EditorProvider
        initial={{ ...floowWithFeed(), version: 1 }}
        domain={null}
        api={fakeEditorApi({ matchCounts, deadEnds })}
      >
        <InsightsProvider>
          <MatchCountBadge choiceId="road" />
          <MatchCountBadge choiceId="gravel" />
          <DeadEndsPanel />
        </InsightsProvider>
      </EditorProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId("match-count")).toHaveLength(2));
    expect(screen.getAllByTestId("match-count").map((b) => b.textContent)).toEqual([
      "2 products · 1 in stock",
      "No products",
    ]);
    expect(await screen.findByTestId("dead-end")).toHaveProperty(
      "textContent",
      "1. GravelNo products",
    );
    expect(screen.getByTestId("dead-end-count").textContent).toBe("1");
    expect(screen.getByTestId("dead-end-paths").textContent).toBe(
      "2 paths of answers checked against the feed.",
    );
    expect(deadEnds).toHaveBeenCalledWith("f1");
  });

  it("shows the report within half a second of its check ending, while the check is pending", async () => {
    const matchCounts = vi.fn(async () => null);
    // The check of the save is still running at the first ask; it ends at once after.
    let asked = 0;
    const deadEnds = vi.fn(async () => ({
      report,
      checkedAt: new Date().toISOString(),
      current: ++asked > 1,
    }));
    render(
      <EditorProvider
        initial={{ ...floowWithFeed(), version: 1 }}
        domain={null}
        api={fakeEditorApi({ matchCounts, deadEnds })}
      >
        <InsightsProvider>
          <DeadEndsPanel />
        </InsightsProvider>
      </EditorProvider>,
    );
    await waitFor(() => expect(deadEnds).toHaveBeenCalledTimes(1));
    const asking = performance.now();
    await waitFor(() => expect(deadEnds).toHaveBeenCalledTimes(2), { timeout: 1_000 });
    expect(performance.now() - asking).toBeLessThan(500);
    expect(await screen.findByTestId("dead-end")).toHaveProperty(
      "textContent",
      "1. GravelNo products",
    );
  });

  it("asks nothing for a floow without a feed", async () => {
    const matchCounts = vi.fn(async () => null);
    const deadEnds = vi.fn(async () => null);
    render(
      <EditorProvider
        initial={{ ...floowWithFeed(), feedId: null, version: 1 }}
        domain={null}
        api={fakeEditorApi({ matchCounts, deadEnds })}
      >
        <InsightsProvider>
          <MatchCountBadge choiceId="road" />
          <DeadEndsPanel />
        </InsightsProvider>
      </EditorProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(matchCounts).not.toHaveBeenCalled();
    expect(deadEnds).not.toHaveBeenCalled();
    expect(screen.queryByTestId("dead-ends")).toBeNull();
  });
});
