import { createId } from "../shared/ids";
import { ONBOARDING_STAGES } from "./constants";
import type { OnboardingStage } from "./constants";
import type { OnboardingRecord } from "./types";

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

/** The first stage not completed yet, or null when all are done or onboarding is disabled. */
export function nextOnboardingStage(record: OnboardingRecord): OnboardingStage | null {
  if (record.disabled) return null;
  return ONBOARDING_STAGES.find((s) => !record[s]) ?? null;
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
