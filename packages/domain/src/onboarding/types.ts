import type { OnboardingStage } from "./constants";

/** The onboarding record (kept in a cookie): one flag per stage, true when completed. */
export type OnboardingRecord = {
  id: string;
  disabled: boolean;
  newUser: boolean;
} & Record<OnboardingStage, boolean>;
