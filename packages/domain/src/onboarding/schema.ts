import { z } from "zod";
import { ONBOARDING_STAGES } from "./constants";
import type { OnboardingStage } from "./constants";

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
