import { z } from "zod";
import { idSchema } from "../shared/schema";
import { FORM_INPUT_TYPES } from "./constants";

export const formInputValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
]);

export const formInputSchema = z.object({
  id: idSchema,
  type: z.enum(FORM_INPUT_TYPES).default("text"),
  label: z.string().default(""),
  value: formInputValueSchema.default(""),
  required: z.boolean().default(false),
  options: z.array(z.string()).default(() => []),
});
