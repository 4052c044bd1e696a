import { z } from "zod";
import { boundedString, emailString, requiredString } from "../shared/schema";
import { VALIDATION_MESSAGES } from "../validation/messages";
import { SUPPORT_CATEGORIES, SUPPORT_PROJECT } from "./constants";

const m = VALIDATION_MESSAGES.support;
/** Support ticket dialog and the support call's payload (each text bounded by TEXT_LIMITS). */
export const supportTicketSchema = z.object({
  email: emailString(m.emailInvalid),
  phone: boundedString("phone", "Phone", { trim: true }).optional(),
  name: boundedString("personName", "Name", { trim: true }).optional(),
  project: boundedString("key", "Project", { trim: true }).min(1).default(SUPPORT_PROJECT),
  category: z.enum(SUPPORT_CATEGORIES, { error: m.categoryInvalid }).optional(),
  subject: requiredString(m.subjectRequired, "subject", "Subject"),
  comment: requiredString(m.commentRequired, "comment", "Description"),
  url: boundedString("url", "URL", { trim: true }).optional(),
});

export type SupportTicketInput = z.input<typeof supportTicketSchema>;
