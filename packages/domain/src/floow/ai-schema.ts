import { z } from "zod";
import { AI_PROMPT_MAX_LENGTH } from "../shared/constants";
import { boundedString, idSchema } from "../shared/schema";
import { VALIDATION_MESSAGES } from "../validation/messages";

const m = VALIDATION_MESSAGES.aiPrompt;

/** AI Suggestion dialog: a required prompt of at most 1000 characters. */
export const aiPromptSchema = z.object({
  prompt: z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(AI_PROMPT_MAX_LENGTH, { error: m.max }),
});

/** The AI call's payload: the selected floow's id and name, and the prompt as content. */
export const aiRequestSchema = z.object({
  id: idSchema,
  /** The floow's name: it goes into the prompt, so it is bounded like every name. */
  name: boundedString("name", "Name").default(""),
  content: aiPromptSchema.shape.prompt,
});

export type AiPrompt = z.output<typeof aiPromptSchema>;
export type AiRequest = z.output<typeof aiRequestSchema>;
