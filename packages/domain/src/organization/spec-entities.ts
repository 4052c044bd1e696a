import { z } from "zod";
import { ATTRIBUTION_WINDOW_DAYS } from "../conversion/constants";
import { attributionWindowSchema } from "../conversion/schema";
import { sectorSchema } from "./schema";

/**
 * The spec's organization entity (spec section 3) as a zod schema. No code parses
 * it at run time; `conformance.test.ts` proves it equal to its type in `types.ts`,
 * so it is the executable record of the spec. Not re-exported by `index.ts`: it is
 * no part of `@floow/domain/organization`.
 */

export const organizationSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  display_name: z.string().default(""),
  email: z.string().default(""),
  branding: z.object({ logo_url: z.string().nullable().default(null) }).prefault({}),
  sector: sectorSchema.nullable().default(null),
  /** Issue 23: days after a floow session that an order is attributed to it. */
  attribution_window_days: attributionWindowSchema.default(ATTRIBUTION_WINDOW_DAYS.default),
});
