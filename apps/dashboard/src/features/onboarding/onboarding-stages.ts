/**
 * The onboarding guide's stages and the record of which are done (kept in a cookie by
 * `onboarding-record.ts`). Dashboard-only UI progress (moved here from `@floow/domain/onboarding`).
 */
import { createId } from "@floow/domain/shared";
import { z } from "zod";

/** The onboarding guide's stages, in order; each has a true/false flag on the record. */
export const ONBOARDING_STAGES = [
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
] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number];
/** The onboarding record lives in a cookie of this name. */
export const ONBOARDING_COOKIE = "floows-onboarding";

/** The onboarding record (kept in a cookie): one flag per stage, true when completed. */
export type OnboardingRecord = {
  id: string;
  disabled: boolean;
  newUser: boolean;
} & Record<OnboardingStage, boolean>;

const stageFlags = Object.fromEntries(
  ONBOARDING_STAGES.map((s) => [s, z.boolean().default(false)]),
) as Record<OnboardingStage, z.ZodDefault<z.ZodBoolean>>;

/** The onboarding record read back from its cookie; missing flags are open stages. */
export const onboardingRecordSchema = z.object({
  id: z.string().min(1),
  disabled: z.boolean().default(false),
  newUser: z.boolean().default(true),
  ...stageFlags,
});

/** A new onboarding record: every stage open. */
export function createOnboardingRecord(
  overrides: Partial<OnboardingRecord> = {},
): OnboardingRecord {
  const stages = Object.fromEntries(ONBOARDING_STAGES.map((s) => [s, false])) as Record<
    OnboardingStage,
    boolean
  >;
  return { id: createId(), disabled: false, newUser: true, ...stages, ...overrides };
}

/** Completing a stage sets its flag true. */
export function completeOnboardingStage(
  record: OnboardingRecord,
  stage: OnboardingStage,
): OnboardingRecord {
  return { ...record, [stage]: true };
}

/** On /floows: no domain prompts domain creation; a domain but no floows, floow creation. */
export function floowsOnboardingPrompt(
  domainCount: number,
  floowCount: number,
): "domainCreate" | "floowCreate" | null {
  if (domainCount === 0) return "domainCreate";
  if (floowCount === 0) return "floowCreate";
  return null;
}
