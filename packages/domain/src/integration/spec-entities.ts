import { z } from "zod";
import { idSchema, imageSchema } from "../shared/schema";

/**
 * The spec's integration configuration entity (spec section 3) as a zod schema. No code
 * parses it at run time; `conformance.test.ts` proves it equal to its type in `types.ts`,
 * so it is the executable record of the spec. Not re-exported by `index.ts`: it is
 * no part of `@floow/domain/integration`.
 */

export const integrationConfigurationSchema = z.object({
  id: idSchema,
  name: z.string(),
  tags: z.array(z.string()).default(() => []),
  description: z.string().default(""),
  image: imageSchema,
  setup: z.boolean().default(false),
});
