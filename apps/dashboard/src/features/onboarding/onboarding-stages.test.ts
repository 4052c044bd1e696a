import { describe, expect, it } from "vitest";
import {
  ONBOARDING_STAGES,
  completeOnboardingStage,
  createOnboardingRecord,
  floowsOnboardingPrompt,
  onboardingRecordSchema,
} from "./onboarding-stages";

describe("onboarding", () => {
  it("has every stage flag of the spec, in order", () => {
    expect(ONBOARDING_STAGES).toEqual([
      "introduction",
      "home",
      "domains",
      "domainCreate",
      "domainGeneral",
      "domainFloows",
      "domainImplementation",
      "floows",
      "floowCreate",
      "editor",
      "editorBuild",
      "editorWorkspace",
      "editorToolbar",
      "editorCopyStyle",
      "editorFiltersAndConditions",
      "editorResults",
      "editorLaunch",
      "products",
      "feedCreate",
      "analytics",
      "documentation",
      "settings",
      "settingsOrganization",
    ]);
  });

  it("a new record has every stage open; completing one sets only its flag", () => {
    const record = createOnboardingRecord();
    expect(record.disabled).toBe(false);
    expect(record.newUser).toBe(true);
    for (const stage of ONBOARDING_STAGES) expect(record[stage]).toBe(false);
    const next = completeOnboardingStage(record, "introduction");
    expect(next.introduction).toBe(true);
    expect(next.home).toBe(false);
    expect(record.introduction).toBe(false);
  });

  it("reads a record back from its cookie with missing flags open", () => {
    const parsed = onboardingRecordSchema.parse({ id: "x", home: true });
    expect(parsed.home).toBe(true);
    expect(parsed.introduction).toBe(false);
    expect(parsed.newUser).toBe(true);
    expect(Object.keys(parsed)).toHaveLength(3 + ONBOARDING_STAGES.length);
  });
});

describe("the /floows prompt", () => {
  it("asks for a domain first, then a floow", () => {
    expect(floowsOnboardingPrompt(0, 0)).toBe("domainCreate");
    expect(floowsOnboardingPrompt(1, 0)).toBe("floowCreate");
    expect(floowsOnboardingPrompt(1, 2)).toBeNull();
  });
});
