import { z } from "zod";
import { attributionWindowSchema } from "../conversion/schema";
import { SECTOR_COUNT } from "../shared/constants";
import { LOGO_INVALID_MESSAGE } from "./constants";
import { TEXT_LIMITS } from "../shared/limits";
import { boundedString, requiredString } from "../shared/schema";
import { FIELD_MESSAGES, isEmail, isImageAddress } from "../validation/checkers";
import { VALIDATION_MESSAGES } from "../validation/messages";

const m = VALIDATION_MESSAGES.organization;

export const sectorSchema = z
  .number({ error: m.sectorInvalid })
  .int({ error: m.sectorInvalid })
  .min(1, { error: m.sectorInvalid })
  .max(SECTOR_COUNT, { error: m.sectorInvalid });

const displayName = boundedString("name", "Display name", { trim: true });

/**
 * The organization's logo: an http(s) URL or Floow's own `/blobs/…` upload, or null. Anything
 * else (`javascript:`, `data:`, a relative path) is refused at `branding.logo_url`.
 */
export const logoUrlSchema = boundedString("url", "A logo address", { trim: true })
  .refine((value) => value === "" || isImageAddress(value), { error: LOGO_INVALID_MESSAGE })
  .nullable()
  .default(null)
  .transform((value) => (value === "" ? null : value));

/** `organization.create`. */
export const createOrganizationSchema = z.object({
  name: requiredString(m.nameRequired, "name", "Name"),
  displayName: displayName.optional(),
});

/** `organization.update`: the organization settings form. */
export const updateOrganizationSchema = z.object({
  name: requiredString(m.nameRequired, "name", "Name"),
  display_name: displayName.default(""),
  /** Optional; when given, an e-mail address (the generic field message). */
  email: z
    .string()
    .trim()
    .max(TEXT_LIMITS.email, { error: FIELD_MESSAGES.email, abort: true })
    .default("")
    .refine((value) => value === "" || isEmail(value), { error: FIELD_MESSAGES.email }),
  branding: z.object({ logo_url: logoUrlSchema }).prefault({}),
  sector: sectorSchema.nullable().default(null),
  /** Days after a floow session that an order counts for it; unchanged when left out. */
  attribution_window_days: attributionWindowSchema.optional(),
});

export type CreateOrganization = z.output<typeof createOrganizationSchema>;
export type UpdateOrganization = z.output<typeof updateOrganizationSchema>;
