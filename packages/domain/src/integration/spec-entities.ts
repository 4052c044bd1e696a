import { z } from "zod";
import { idSchema, imageSchema } from "../shared/schema";

/**
 * The spec's integration entities (spec section 3) as zod schemas. No code parses them
 * at run time; `conformance.test.ts` proves them equal to their types in `types.ts`, so
 * they are the executable record of the spec. Not re-exported by `index.ts`: they are
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

export const integrationSchema = z.object({
  id: idSchema,
  domainId: idSchema,
  integrationConfigurationId: idSchema,
  settings: z.record(z.string(), z.string()).default(() => ({})),
});
