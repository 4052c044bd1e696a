import { z } from "zod";
import { TEXT_LIMITS } from "../shared/limits";
import { INTEGRATION_MESSAGES } from "./constants";

/**
 * What `integration.create` takes for Klaviyo: the domain whose floows' answers go to it and
 * the private API key. The key may be left empty when the domain's integration exists (it
 * keeps its key: the browser never gets it back to send again).
 */
export const klaviyoSetupSchema = z.object({
  domainId: z
    .string({ error: INTEGRATION_MESSAGES.domain })
    .trim()
    .min(1, { error: INTEGRATION_MESSAGES.domain })
    .max(TEXT_LIMITS.id, { error: INTEGRATION_MESSAGES.domain }),
  privateKey: z
    .string()
    .trim()
    .max(TEXT_LIMITS.key, { error: INTEGRATION_MESSAGES.privateKey })
    .default("")
    .refine((v) => v === "" || /^pk_[A-Za-z0-9_-]{6,200}$/.test(v), {
      error: INTEGRATION_MESSAGES.privateKey,
    }),
});
export type KlaviyoSetup = z.output<typeof klaviyoSetupSchema>;
