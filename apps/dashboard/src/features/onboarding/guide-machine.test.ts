import { ONBOARDING_STAGES, createOnboardingRecord } from "./onboarding-stages";
import type { OnboardingRecord, OnboardingStage } from "./onboarding-stages";
import { describe, expect, it } from "vitest";
import { STAGE_RULES, completeStage, currentStage, guideStage } from "./guide-machine";
import type { EditorContext, GuideContext } from "./guide-machine";

const at = (pathname: string, over: Partial<GuideContext> = {}): GuideContext => ({
  pathname,
  hash: "",
  domainCount: 0,
  floowCount: 0,
  feedCount: 0,
  editor: null,
  ...over,
});
const editor = (over: Partial<EditorContext> = {}): EditorContext => ({
  phase: "floow",
  state: "flow",
  stepCount: 0,
  finish: false,
  ...over,
});
/** A record with every stage before `stage` completed. */
const upTo = (stage: OnboardingStage): OnboardingRecord =>
  ONBOARDING_STAGES.slice(0, ONBOARDING_STAGES.indexOf(stage)).reduce(
    completeStage,
    createOnboardingRecord(),
  );

describe("the onboarding guide's state machine", () => {
  it("has a rule for each of the spec's 23 stages", () => {
    expect(Object.keys(STAGE_RULES)).toEqual([...ONBOARDING_STAGES]);
    expect(ONBOARDING_STAGES).toHaveLength(23);
  });

  it("starts with the introduction anywhere; completing it goes to / and the home popup", () => {
    const record = createOnboardingRecord();
    const intro = guideStage(record, at("/products"));
    expect(intro).toMatchObject({ stage: "introduction", to: "/", target: null });
    const next = completeStage(record, "introduction");
    expect(next.introduction).toBe(true);
    expect(guideStage(next, at("/"))).toMatchObject({ stage: "home", to: "/domains" });
    // Elsewhere nothing shows until the user is where the stage belongs.
    expect(guideStage(next, at("/products"))).toBeNull();
  });

  it("follows the stages in order, each only at its place", () => {
    const walk: [OnboardingStage, GuideContext][] = [
      ["domains", at("/domains")],
      ["domainCreate", at("/domains")],
      ["domainGeneral", at("/domains/domain", { domainCount: 1 })],
      ["domainFloows", at("/domains/domain", { hash: "floows", domainCount: 1 })],
      ["domainImplementation", at("/domains/domain", { hash: "implementation", domainCount: 1 })],
      ["floows", at("/floows", { domainCount: 1, floowCount: 1 })],
    ];
    let record = upTo("domains");
    for (const [stage, ctx] of walk) {
      expect(guideStage(record, ctx)?.stage).toBe(stage);
      record = completeStage(record, stage);
    }
  });

  it("passes over a stage whose goal is met (a domain exists: no domainCreate)", () => {
    const record = completeStage(upTo("domains"), "domains");
    expect(currentStage(record, at("/domains"))).toBe("domainCreate");
    expect(currentStage(record, at("/domains", { domainCount: 1 }))).toBe("domainGeneral");
  });

  it("on /floows prompts domain creation without a domain, then floow creation", () => {
    const record = completeStage(createOnboardingRecord(), "introduction");
    expect(guideStage(record, at("/floows"))?.stage).toBe("domainCreate");
    const withFloowsSeen = completeStage(record, "floows");
    expect(guideStage(withFloowsSeen, at("/floows", { domainCount: 1 }))?.stage).toBe(
      "floowCreate",
    );
    expect(guideStage(withFloowsSeen, at("/floows", { domainCount: 1, floowCount: 1 }))).toBeNull();
  });

  it("the editor stage sets the phase to build; the editor stages follow phase, state, steps and finish page", () => {
    let record = upTo("editor");
    const stage = guideStage(record, at("/editor", { editor: editor() }));
    expect(stage).toMatchObject({ stage: "editor", editor: { phase: "build" } });
    record = completeStage(record, "editor");
    // Still in the floow phase: editorBuild waits for the build phase.
    expect(guideStage(record, at("/editor", { editor: editor() }))).toBeNull();
    expect(guideStage(record, at("/editor", { editor: editor({ phase: "build" }) }))?.stage).toBe(
      "editorBuild",
    );
    record = ["editorBuild", "editorWorkspace"].reduce(
      (r, s) => completeStage(r, s as OnboardingStage),
      record,
    );
    // Style and Preview need a step: nothing until the first question is there.
    expect(guideStage(record, at("/editor", { editor: editor({ phase: "build" }) }))).toBeNull();
    const oneStep = (over: Partial<EditorContext> = {}) =>
      at("/editor", { editor: editor({ phase: "build", stepCount: 1, ...over }) });
    expect(guideStage(record, oneStep())).toMatchObject({
      stage: "editorToolbar",
      editor: { state: "style" },
    });
    record = completeStage(record, "editorToolbar");
    expect(guideStage(record, oneStep())).toBeNull();
    expect(guideStage(record, oneStep({ state: "style" }))?.stage).toBe("editorCopyStyle");
    record = completeStage(record, "editorCopyStyle");
    // Filters and conditions need a step.
    expect(guideStage(record, at("/editor", { editor: editor({ phase: "build" }) }))).toBeNull();
    expect(
      guideStage(record, at("/editor", { editor: editor({ phase: "build", stepCount: 2 }) }))
        ?.stage,
    ).toBe("editorFiltersAndConditions");
    record = completeStage(record, "editorFiltersAndConditions");
    expect(
      guideStage(record, at("/editor", { editor: editor({ phase: "build", finish: true }) }))
        ?.stage,
    ).toBe("editorResults");
    record = completeStage(record, "editorResults");
    expect(
      guideStage(record, at("/editor", { editor: editor({ phase: "launch" }) })),
    ).toMatchObject({
      stage: "editorLaunch",
      to: "/products",
    });
  });

  it("ends at settingsOrganization, and shows nothing when finished or disabled", () => {
    const record = upTo("settingsOrganization");
    expect(guideStage(record, at("/settings", { hash: "organization" }))?.stage).toBe(
      "settingsOrganization",
    );
    expect(
      guideStage(
        completeStage(record, "settingsOrganization"),
        at("/settings", { hash: "organization" }),
      ),
    ).toBeNull();
    expect(guideStage({ ...createOnboardingRecord(), disabled: true }, at("/"))).toBeNull();
  });
});
