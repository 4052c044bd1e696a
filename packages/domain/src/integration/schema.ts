import { z } from "zod";
import { idSchema, imageSchema } from "../shared/schema";

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

/** What `integration.create` takes. */
export const integrationInputSchema = integrationSchema;
