import { z } from "zod";
import { emailString, requiredString } from "../shared/schema";
import { VALIDATION_MESSAGES } from "../validation/messages";
import { SUPPORT_CATEGORIES, SUPPORT_PROJECT } from "./constants";

const m = VALIDATION_MESSAGES.support;
const optionalText = z.string().trim().optional();

/** Support ticket dialog and the support call's payload. */
export const supportTicketSchema = z.object({
  email: emailString(m.emailInvalid),
  phone: optionalText,
  name: optionalText,
  project: z.string().trim().min(1).default(SUPPORT_PROJECT),
  category: z.enum(SUPPORT_CATEGORIES, { error: m.categoryInvalid }).optional(),
  subject: requiredString(m.subjectRequired),
  comment: requiredString(m.commentRequired),
  url: optionalText,
});

export type SupportTicketInput = z.input<typeof supportTicketSchema>;
