import { describe, expect, it } from "vitest";
import { armsOf, assignmentOf } from "./arms";
import { assignVariant, bucketOf, hash32, seededRandom } from "./assign";
import { sampleRatio } from "./stats";

describe("hash32", () => {
  it("is FNV-1a with MurmurHash3's finalizer: fixed values", () => {
    // Worked out independently (FNV-1a("a") = 0xe40c292c, then fmix32). A change of the hash
    // would move every running experiment's visitors to other variants: never change it.
    expect(hash32("")).toBe(2872998923);
    expect(hash32("a")).toBe(444641715);
    expect(hash32("visitor-1")).toBe(2559955787);
  });

  it("spreads sequential keys uniformly over 100 buckets (chi-square, p > 0.001)", () => {
    const buckets = Array.from({ length: 100 }, () => ({ visitors: 0, share: 1 }));
    for (let i = 0; i < 100_000; i++)
      buckets[Math.floor(bucketOf("exp-1", `visitor-${i}`))]!.visitors++;
    expect(sampleRatio(buckets)!.mismatch).toBe(false);
  });
});

describe("assignVariant", () => {
  const shares = [
    { id: "a", share: 45 },
    { id: "b", share: 45 },
    { id: "holdout", share: 10 },
  ];

  it("is sticky: the same visitor always gets the same arm", () => {
    for (let i = 0; i < 200; i++) {
      const first = assignVariant("exp", `v${i}`, shares);
      expect(assignVariant("exp", `v${i}`, shares)).toBe(first);
    }
  });

  it("splits by the shares", () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 50_000; i++) {
      const arm = assignVariant("exp", `visitor-${i}`, shares)!;
      seen.set(arm, (seen.get(arm) ?? 0) + 1);
    }
    expect(seen.get("a")! / 50_000).toBeCloseTo(0.45, 1);
    expect(seen.get("holdout")! / 50_000).toBeGreaterThan(0.09);
    expect(seen.get("holdout")! / 50_000).toBeLessThan(0.11);
  });

  it("assigns a visitor independently in two experiments", () => {
    let same = 0;
    const two = [
      { id: "a", share: 50 },
      { id: "b", share: 50 },
    ];
    for (let i = 0; i < 10_000; i++)
      if (assignVariant("exp-1", `v${i}`, two) === assignVariant("exp-2", `v${i}`, two)) same++;
    expect(same / 10_000).toBeGreaterThan(0.47);
    expect(same / 10_000).toBeLessThan(0.53);
  });

  it("skips arms with no share and answers null without any", () => {
    expect(assignVariant("e", "v", [])).toBeNull();
    expect(assignVariant("e", "v", [{ id: "a", share: 0 }])).toBeNull();
    expect(
      assignVariant("e", "v", [
        { id: "a", share: 0 },
        { id: "b", share: 100 },
      ]),
    ).toBe("b");
  });
});

describe("assignmentOf", () => {
  const experiment = {
    id: "exp",
    variants: [
      { id: "va", version: 1, share: 45 },
      { id: "vb", version: 2, share: 45 },
    ],
    holdout: { id: "ho", share: 10 },
  };

  it("gives a variant's version, or the holdout with no version", () => {
    expect(armsOf(experiment).map((arm) => arm.id)).toEqual(["va", "vb", "ho"]);
    const kinds = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const got = assignmentOf(experiment, `v${i}`)!;
      kinds.add(got.variantId);
      if (got.holdout) expect(got.version).toBeNull();
      else expect(got.version).toBe(got.variantId === "va" ? 1 : 2);
    }
    expect(kinds).toEqual(new Set(["va", "vb", "ho"]));
  });

  it("has no holdout arm when its share is 0", () => {
    expect(armsOf({ ...experiment, holdout: { id: "ho", share: 0 } })).toHaveLength(2);
    expect(assignmentOf({ ...experiment, variants: [], holdout: null }, "v")).toBeNull();
  });
});

describe("seededRandom", () => {
  it("repeats for a seed and stays in [0, 1)", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});
