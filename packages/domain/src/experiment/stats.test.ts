import { describe, expect, it } from "vitest";
import type { ArmCounts } from "./stats";
import {
  chanceToBeBest,
  experimentStats,
  meanInterval,
  rateDifference,
  sampleRatio,
  wilson,
} from "./stats";

describe("wilson", () => {
  it("matches the published interval for 10 of 100", () => {
    const rate = wilson(10, 100);
    expect(rate.value).toBe(0.1);
    expect(rate.low).toBeCloseTo(0.0552, 4);
    expect(rate.high).toBeCloseTo(0.1744, 4);
  });

  it("stays inside [0, 1] at the edges and is empty without trials", () => {
    expect(wilson(0, 20).low).toBe(0);
    expect(wilson(0, 20).high).toBeCloseTo(0.1611, 4);
    expect(wilson(20, 20).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ value: 0, low: 0, high: 0 });
  });
});

describe("rateDifference", () => {
  it("is Newcombe's method 10 (his example: 56/70 against 48/80)", () => {
    const d = rateDifference({ s: 56, n: 70 }, { s: 48, n: 80 });
    expect(d.value).toBeCloseTo(0.2, 10);
    expect(d.low).toBeCloseTo(0.0524, 4);
    expect(d.high).toBeCloseTo(0.3339, 4);
  });

  it("is a point without visitors on a side", () => {
    expect(rateDifference({ s: 1, n: 10 }, { s: 0, n: 0 })).toEqual({
      value: 0.1,
      low: 0.1,
      high: 0.1,
    });
  });
});

describe("meanInterval", () => {
  it("is mean ± 1.96 s/√n over every visitor, zeros included", () => {
    // 4 visitors: 0, 0, 10, 30 → mean 10, s² = (0+0+100+900 − 4·100)/3 = 200.
    const rpv = meanInterval(40, 1000, 4);
    expect(rpv.value).toBe(10);
    expect(rpv.high).toBeCloseTo(10 + 1.959964 * Math.sqrt(200 / 4), 4);
    expect(rpv.low).toBe(0); // cut at 0: revenue is never negative
  });

  it("handles no and one visitor", () => {
    expect(meanInterval(0, 0, 0)).toEqual({ value: 0, low: 0, high: 0 });
    expect(meanInterval(5, 25, 1)).toEqual({ value: 5, low: 5, high: 5 });
  });
});

describe("chanceToBeBest", () => {
  it("splits evenly between equal arms and sums to 1", () => {
    const chances = chanceToBeBest(
      [
        { conversions: 50, visitors: 500 },
        { conversions: 50, visitors: 500 },
      ],
      7,
    );
    expect(chances[0]).toBeCloseTo(0.5, 1);
    expect(chances[0]! + chances[1]!).toBeCloseTo(1, 10);
  });

  it("agrees with the normal approximation for two large arms", () => {
    const [, b] = chanceToBeBest(
      [
        { conversions: 100, visitors: 1000 },
        { conversions: 120, visitors: 1000 },
      ],
      1,
    );
    // P(B > A) ≈ Φ(0.02 / √(0.1·0.9/1000 + 0.12·0.88/1000)) = Φ(1.428) ≈ 0.923
    expect(b).toBeGreaterThan(0.91);
    expect(b).toBeLessThan(0.935);
  });

  it("is the same for the same seed and handles one or no arm", () => {
    const arms = [
      { conversions: 3, visitors: 40 },
      { conversions: 5, visitors: 41 },
      { conversions: 4, visitors: 39 },
    ];
    expect(chanceToBeBest(arms, 3)).toEqual(chanceToBeBest(arms, 3));
    expect(chanceToBeBest([arms[0]!], 3)).toEqual([1]);
    expect(chanceToBeBest([], 3)).toEqual([]);
  });

  it("leaves the global random generator as it was", () => {
    chanceToBeBest(
      [
        { conversions: 1, visitors: 2 },
        { conversions: 1, visitors: 2 },
      ],
      1,
      10,
    );
    const values = new Set(Array.from({ length: 5 }, () => Math.random()));
    expect(values.size).toBe(5);
  });
});

describe("sampleRatio", () => {
  it("flags a split that drifted (p < 0.001) and not one within chance", () => {
    const fine = sampleRatio([
      { visitors: 5050, share: 50 },
      { visitors: 4950, share: 50 },
    ])!;
    expect(fine.chiSquare).toBeCloseTo(1, 6);
    expect(fine.pValue).toBeCloseTo(0.3173, 3);
    expect(fine.mismatch).toBe(false);
    const drifted = sampleRatio([
      { visitors: 5200, share: 45 },
      { visitors: 4800, share: 45 },
      { visitors: 1000, share: 10 },
    ])!;
    expect(drifted.mismatch).toBe(true);
    expect(drifted.pValue).toBeLessThan(0.001);
  });

  it("says nothing while an arm expects fewer than 5 visitors", () => {
    expect(
      sampleRatio([
        { visitors: 3, share: 50 },
        { visitors: 4, share: 50 },
      ]),
    ).toBeNull();
    expect(sampleRatio([{ visitors: 100, share: 100 }])).toBeNull();
  });
});

const arm = (over: Partial<ArmCounts> & Pick<ArmCounts, "id">): ArmCounts => ({
  share: 50,
  holdout: false,
  visitors: 0,
  started: 0,
  completed: 0,
  clicked: 0,
  converted: 0,
  orders: 0,
  revenue: 0,
  revenueSquares: 0,
  ...over,
});

describe("experimentStats", () => {
  it("computes every rate per arm, the control's lift and the holdout's", () => {
    const stats = experimentStats("exp", [
      arm({
        id: "a",
        share: 45,
        visitors: 1000,
        started: 400,
        completed: 300,
        clicked: 200,
        converted: 50,
        orders: 55,
        revenue: 2750,
        revenueSquares: 200_000,
      }),
      arm({
        id: "b",
        share: 45,
        visitors: 1000,
        started: 500,
        completed: 400,
        clicked: 300,
        converted: 90,
        orders: 95,
        revenue: 4500,
        revenueSquares: 300_000,
      }),
      arm({
        id: "h",
        share: 10,
        holdout: true,
        visitors: 220,
        converted: 8,
        revenue: 400,
        revenueSquares: 25_000,
      }),
    ]);
    const [a, b, h] = stats.arms;
    expect(a!.startRate.value).toBe(0.4);
    expect(a!.completionRate.value).toBe(0.75);
    expect(a!.clickThroughRate.value).toBe(0.2);
    expect(b!.conversionRate.value).toBe(0.09);
    expect(b!.revenuePerVisitor.value).toBe(4.5);
    expect(a!.liftOverControl).toBeNull();
    expect(b!.liftOverControl!.value).toBeCloseTo(0.04, 10);
    expect(b!.liftOverControl!.low).toBeGreaterThan(0);
    expect(h!.chanceToBeBest).toBeNull();
    expect(b!.chanceToBeBest).toBeGreaterThan(0.99);
    expect(stats.winner).toBe("b");
    expect(stats.leader).toBe("b");
    expect(stats.holdoutLift!.value).toBeCloseTo(140 / 2000 - 8 / 220, 10);
    expect(stats.holdoutRevenueLift).toBeCloseTo(7250 / 2000 - 400 / 220, 10);
    expect(stats.sampleRatio!.mismatch).toBe(false);
  });

  it("names no winner while no variant is 95 % likely best, and nothing without visitors", () => {
    const close = experimentStats("exp", [
      arm({ id: "a", visitors: 100, converted: 10 }),
      arm({ id: "b", visitors: 100, converted: 11 }),
    ]);
    expect(close.winner).toBeNull();
    expect(close.leader).toBe("b");
    expect(close.holdoutLift).toBeNull();
    const empty = experimentStats("exp", [arm({ id: "a" }), arm({ id: "b" })]);
    expect(empty.leader).toBeNull();
    expect(empty.arms.map((x) => x.chanceToBeBest)).toEqual([0.5, 0.5]);
    expect(empty.sampleRatio).toBeNull();
  });
});
