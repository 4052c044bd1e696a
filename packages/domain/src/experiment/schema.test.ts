import { describe, expect, it } from "vitest";
import { canTransition } from "./constants";
import { experimentCreateSchema, experimentUpdateSchema } from "./schema";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("experimentCreateSchema", () => {
  const valid = {
    floowId: "f1",
    name: "Shorter quiz",
    variants: [
      { version: 1, share: 45 },
      { version: 2, share: 45 },
    ],
    holdoutShare: 10,
  };

  it("takes two variants and a holdout adding up to 100 %", () => {
    expect(experimentCreateSchema.parse(valid)).toEqual(valid);
    expect(
      experimentCreateSchema.parse({
        ...valid,
        name: undefined,
        holdoutShare: undefined,
        variants: [
          { version: 1, share: 50 },
          { version: 2, share: 50 },
        ],
      }),
    ).toMatchObject({ name: "", holdoutShare: 0 });
  });

  it("says at `shares` when the shares do not add up to 100 %", () => {
    expect(issues(experimentCreateSchema.safeParse({ ...valid, holdoutShare: 20 }))).toEqual([
      ["shares", "Traffic shares must add up to 100 %. Now 110 %."],
    ]);
  });

  it("refuses one variant, a version twice, a share of 0 and a holdout over 50 %", () => {
    expect(
      issues(experimentCreateSchema.safeParse({ ...valid, variants: [{ version: 1, share: 90 }] })),
    ).toEqual([["variants", "An experiment needs at least two variants."]]);
    expect(
      issues(
        experimentCreateSchema.safeParse({
          ...valid,
          variants: [
            { version: 2, share: 45 },
            { version: 2, share: 45 },
          ],
        }),
      ),
    ).toEqual([["variants.1.version", "This version is already a variant."]]);
    expect(
      issues(
        experimentCreateSchema.safeParse({
          ...valid,
          variants: [
            { version: 1, share: 0 },
            { version: 2, share: 90 },
          ],
        }),
      ),
    ).toEqual([["variants.0.share", "A variant needs a share of at least 1 %."]]);
    expect(
      issues(experimentUpdateSchema.safeParse({ ...valid, id: "e", holdoutShare: 60 }))[0],
    ).toEqual(["holdoutShare", "The holdout share is between 0 and 50 %."]);
    expect(
      issues(
        experimentCreateSchema.safeParse({
          ...valid,
          variants: [
            { version: 0, share: 45 },
            { version: 2, share: 45 },
          ],
        }),
      ),
    ).toEqual([["variants.0.version", "Please pick a published version."]]);
  });
});

describe("canTransition", () => {
  it("allows draft → running ⇄ paused → stopped and nothing back from stopped", () => {
    expect(canTransition("draft", "start")).toBe(true);
    expect(canTransition("running", "pause")).toBe(true);
    expect(canTransition("paused", "start")).toBe(true);
    expect(canTransition("running", "stop")).toBe(true);
    expect(canTransition("paused", "stop")).toBe(true);
    expect(canTransition("stopped", "start")).toBe(false);
    expect(canTransition("draft", "pause")).toBe(false);
    expect(canTransition("stopped", "stop")).toBe(false);
  });
});
