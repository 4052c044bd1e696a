import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONDITION_TYPES, CONSEQUENCE_TYPES, FINISH } from "./constants";
import {
  conditionHolds,
  needsFeedStep,
  nextStepId,
  pathProgress,
  resolveNextStep,
  visibleChoices,
} from "./logic";
import type { Condition } from "./types";

const cond = (over: Partial<Condition>): Condition => ({
  id: "c",
  stepId: "",
  condition: "selected",
  conditionChoiceId: null,
  consequence: "goToStep",
  consequenceStepId: null,
  consequenceChoiceIds: [],
  ...over,
});

const floow = {
  steps: [
    {
      id: "s1",
      choices: [{ id: "a" }, { id: "b" }, { id: "c" }],
      conditions: [
        cond({ conditionChoiceId: "a", consequenceStepId: "s3" }),
        cond({ conditionChoiceId: "b", consequence: "goToFinish" }),
        cond({
          conditionChoiceId: "a",
          consequence: "hideChoices",
          consequenceStepId: "s3",
          consequenceChoiceIds: ["x"],
        }),
      ],
    },
    { id: "s2", choices: [{ id: "d" }], conditions: [] },
    {
      id: "s3",
      choices: [{ id: "x" }, { id: "y" }, { id: "z" }],
      conditions: [
        cond({ condition: "notSelected", conditionChoiceId: "x", consequenceStepId: "s1" }),
      ],
    },
    { id: "s4", choices: [{ id: "w" }] },
  ],
};

describe("resolveNextStep", () => {
  it.each([
    ["s1", ["a"], "s3"],
    ["s1", ["b"], FINISH],
    ["s1", ["c"], "s2"],
    ["s1", [], "s2"],
    ["s1", ["a", "b"], "s3"],
    ["s2", ["d"], "s3"],
    ["s3", ["x"], "s4"],
    ["s3", ["y"], "s1"],
    ["s4", ["w"], FINISH],
    ["unknown", [], "s1"],
  ])("from %s with %j -> %s", (current, chosen, expected) => {
    expect(resolveNextStep(floow, current, chosen)).toBe(expected);
  });

  it("skips conditions pointing at deleted steps, at their own step, or with no target", () => {
    const f = {
      steps: [
        {
          id: "s1",
          conditions: [
            cond({ condition: "always", consequenceStepId: "deleted" }),
            cond({ condition: "always", consequenceStepId: "s1" }),
            cond({ condition: "always", consequenceStepId: null }),
            cond({ condition: "always", consequence: "showChoices", consequenceStepId: "s3" }),
          ],
        },
        { id: "s2" },
        { id: "s3" },
      ],
    };
    expect(resolveNextStep(f, "s1", [])).toBe("s2");
  });

  it("a floow without steps finishes", () => {
    expect(resolveNextStep({ steps: [] }, "anything", [])).toBe(FINISH);
  });

  it("conditionHolds: selected, notSelected, always, and unknown conditions", () => {
    expect(conditionHolds(cond({ conditionChoiceId: "a" }), ["a"])).toBe(true);
    expect(conditionHolds(cond({ conditionChoiceId: "a" }), new Set(["b"]))).toBe(false);
    expect(conditionHolds(cond({ conditionChoiceId: null }), ["a"])).toBe(false);
    expect(conditionHolds(cond({ condition: "notSelected", conditionChoiceId: "a" }), ["b"])).toBe(
      true,
    );
    expect(conditionHolds(cond({ condition: "notSelected", conditionChoiceId: null }), ["b"])).toBe(
      false,
    );
    expect(conditionHolds(cond({ condition: "always" }), [])).toBe(true);
    expect(conditionHolds(cond({ condition: "sometimes" as "always" }), [])).toBe(false);
  });

  // Random floows: steps with random conditions pointing anywhere (including nowhere).
  const randomFloow = fc
    .record({
      stepCount: fc.integer({ min: 0, max: 6 }),
      conditions: fc.array(
        fc.record({
          on: fc.nat(),
          condition: fc.constantFrom(...CONDITION_TYPES),
          choice: fc.nat(),
          consequence: fc.constantFrom(...CONSEQUENCE_TYPES),
          target: fc.integer({ min: -1, max: 7 }),
        }),
        { maxLength: 12 },
      ),
    })
    .map(({ stepCount, conditions }) => ({
      steps: Array.from({ length: stepCount }, (_, i) => ({
        id: `s${i}`,
        choices: [{ id: `s${i}a` }, { id: `s${i}b` }],
        conditions: conditions
          .filter((c) => stepCount > 0 && c.on % stepCount === i)
          .map((c) =>
            cond({
              condition: c.condition,
              conditionChoiceId: `s${i}${c.choice % 2 === 0 ? "a" : "b"}`,
              consequence: c.consequence,
              consequenceStepId: c.target === -1 ? null : `s${c.target}`,
            }),
          ),
      })),
    }));

  it("always answers an existing other step or finish, deterministically (property)", () => {
    fc.assert(
      fc.property(randomFloow, fc.nat(), fc.subarray(["a", "b"]), (f, at, picks) => {
        if (f.steps.length === 0) return;
        const current = f.steps[at % f.steps.length]!;
        const chosen = picks.map((p) => `${current.id}${p}`);
        const next = resolveNextStep(f, current.id, chosen);
        expect(next).toBe(resolveNextStep(f, current.id, [...chosen].reverse()));
        expect(next === FINISH || (next !== current.id && f.steps.some((s) => s.id === next))).toBe(
          true,
        );
        const navigating = current.conditions.filter(
          (c) =>
            conditionHolds(c, chosen) &&
            (c.consequence === "goToFinish" || c.consequence === "goToStep"),
        );
        if (navigating.length === 0) {
          const index = f.steps.indexOf(current);
          expect(next).toBe(f.steps[index + 1]?.id ?? FINISH);
        }
      }),
    );
  });

  it("following resolveNextStep with no conditions visits every step once, then finishes (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), (n) => {
        const f = { steps: Array.from({ length: n }, (_, i) => ({ id: `s${i}` })) };
        const visited: string[] = [];
        let at = f.steps[0]?.id ?? FINISH;
        while (at !== FINISH) {
          visited.push(at);
          at = resolveNextStep(f, at, []);
        }
        expect(visited).toEqual(f.steps.map((s) => s.id));
      }),
    );
  });
});

describe("pathProgress", () => {
  // s1 -a-> s3 (then s4), s1 -b-> finish, s1 -c-> s2, s3, s4; s3 without x loops back to s1.
  it("counts the steps on the visitor's own path", () => {
    expect(pathProgress(floow, "s1", [], [])).toEqual({ done: 1, total: 3 }); // s2, s3, then back to s1
    expect(pathProgress(floow, "s1", [], ["b"])).toEqual({ done: 1, total: 1 });
    expect(pathProgress(floow, "s1", [], ["a"])).toEqual({ done: 1, total: 2 }); // s3 loops back to s1
    expect(pathProgress(floow, "s3", ["s1"], ["a", "x"])).toEqual({ done: 2, total: 3 });
    expect(pathProgress(floow, "s2", ["s1"], ["c"])).toEqual({ done: 2, total: 3 });
    expect(pathProgress(floow, "s4", ["s1", "s3"], ["a", "x"])).toEqual({ done: 3, total: 3 });
  });

  it("a two-step floow: question 1 of 2, then 2 of 2", () => {
    const two = { steps: [{ id: "q1" }, { id: "q2" }] };
    expect(pathProgress(two, "q1", [], [])).toEqual({ done: 1, total: 2 });
    expect(pathProgress(two, "q2", ["q1"], [])).toEqual({ done: 2, total: 2 });
  });
});

describe("visibleChoices", () => {
  it("hides choices by a holding hideChoices condition", () => {
    expect(visibleChoices(floow, "s3", ["a"]).map((c) => c.id)).toEqual(["y", "z"]);
    expect(visibleChoices(floow, "s3", ["c"]).map((c) => c.id)).toEqual(["x", "y", "z"]);
  });

  it("shows only the union of holding showChoices conditions", () => {
    const f = {
      steps: [
        {
          id: "s1",
          choices: [{ id: "a" }, { id: "b" }],
          conditions: [
            cond({
              conditionChoiceId: "a",
              consequence: "showChoices",
              consequenceStepId: "s2",
              consequenceChoiceIds: ["x"],
            }),
            cond({
              conditionChoiceId: "b",
              consequence: "showChoices",
              consequenceStepId: "s2",
              consequenceChoiceIds: ["y"],
            }),
          ],
        },
        { id: "s2", choices: [{ id: "x" }, { id: "y" }, { id: "z" }] },
      ],
    };
    expect(visibleChoices(f, "s2", ["a"]).map((c) => c.id)).toEqual(["x"]);
    expect(visibleChoices(f, "s2", ["a", "b"]).map((c) => c.id)).toEqual(["x", "y"]);
    expect(visibleChoices(f, "s2", []).map((c) => c.id)).toEqual(["x", "y", "z"]);
    expect(visibleChoices(f, "nope", [])).toEqual([]);
  });
});

describe("helpers", () => {
  it("nextStepId", () => {
    expect(nextStepId(floow.steps, "s1")).toBe("s2");
    expect(nextStepId(floow.steps, "s4")).toBeNull();
    expect(nextStepId(floow.steps, "nope")).toBeNull();
  });
});

describe("wizard helpers", () => {
  it("only Guided Selling continues to the feed step", () => {
    expect(needsFeedStep("selling")).toBe(true);
    expect(needsFeedStep("data")).toBe(false);
  });
});
