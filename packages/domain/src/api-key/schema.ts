import { z } from "zod";
import { requiredString } from "../shared/schema";
import { FIELD_MESSAGES } from "../validation/checkers";
import { API_KEY_MESSAGES, API_KEY_SCOPES } from "./constants";

/** `apiKey.create`: a name to recognise the key by and at least one scope (each once). */
export const apiKeyCreateSchema = z.object({
  name: requiredString(FIELD_MESSAGES.required, "name", "Name"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, { error: API_KEY_MESSAGES.scopes })
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;
