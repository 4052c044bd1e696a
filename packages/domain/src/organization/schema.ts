import { z } from "zod";
import { SECTOR_COUNT } from "../shared/constants";
import { requiredString } from "../shared/schema";
import { FIELD_MESSAGES, isEmail } from "../validation/checkers";
import { VALIDATION_MESSAGES } from "../validation/messages";

const m = VALIDATION_MESSAGES.organization;

export const sectorSchema = z
  .number({ error: m.sectorInvalid })
  .int({ error: m.sectorInvalid })
  .min(1, { error: m.sectorInvalid })
  .max(SECTOR_COUNT, { error: m.sectorInvalid });

export const organizationSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  display_name: z.string().default(""),
  email: z.string().default(""),
  branding: z.object({ logo_url: z.string().nullable().default(null) }).prefault({}),
  sector: sectorSchema.nullable().default(null),
});

/** `organization.create`. */
export const createOrganizationSchema = z.object({
  name: requiredString(m.nameRequired),
  displayName: z.string().trim().optional(),
});

/** `organization.update`: the organization settings form. */
export const updateOrganizationSchema = z.object({
  name: requiredString(m.nameRequired),
  display_name: z.string().trim().default(""),
  /** Optional; when given, an e-mail address (the generic field message). */
  email: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || isEmail(value), { error: FIELD_MESSAGES.email }),
  branding: z.object({ logo_url: z.string().nullable().default(null) }).prefault({}),
  sector: sectorSchema.nullable().default(null),
});

export type CreateOrganization = z.output<typeof createOrganizationSchema>;
export type UpdateOrganization = z.output<typeof updateOrganizationSchema>;
