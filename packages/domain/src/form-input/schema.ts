import { z } from "zod";
import { TEXT_LIMITS } from "../shared/limits";
import { boundedString, idSchema } from "../shared/schema";
import { FORM_INPUT_TYPES } from "./constants";

const label = boundedString("label", "A label");

/** A form input's value (as the editor sets a default; a shopper's answer is checked by the events schema). */
export const formInputValueSchema = z.union([
  z.string().max(TEXT_LIMITS.pageText),
  z.number(),
  z.boolean(),
  z.array(z.string().max(TEXT_LIMITS.label)),
  z.null(),
]);

export const formInputSchema = z.object({
  id: idSchema,
  type: z.enum(FORM_INPUT_TYPES).default("text"),
  label: label.default(""),
  value: formInputValueSchema.default(""),
  required: z.boolean().default(false),
  options: z.array(label).default(() => []),
});
