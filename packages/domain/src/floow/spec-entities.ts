import { z } from "zod";
import { LANGUAGES } from "../shared/constants";
import { TEXT_LIMITS } from "../shared/limits";
import { boundedString } from "../shared/schema";
import { FLOOW_TYPES } from "./constants";

/**
 * The Create Floow dialog's state of spec section 3 as a zod schema. No code parses
 * it at run time; `conformance.test.ts` proves it equal to its type in `types.ts`,
 * so it is the executable record of the spec. Not re-exported by `index.ts`: it is
 * no part of `@floow/domain/floow`.
 */

/** The Create Floow dialog's state, with its defaults (type selling). */
export const newFloowSchema = z.object({
  domainId: z.string().max(TEXT_LIMITS.id).nullable().default(null),
  type: z.enum(FLOOW_TYPES).default("selling"),
  language: z.enum(LANGUAGES).nullable().default(null),
  name: boundedString("name", "Name").default(""),
  feedId: z.string().max(TEXT_LIMITS.id).nullable().default(null),
});
