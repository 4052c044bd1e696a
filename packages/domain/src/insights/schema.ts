import { z } from "zod";
import { filterGroupSchema, filterSchema } from "../filter/schema";
import { TEXT_LIMITS } from "../shared/limits";
import { idSchema } from "../shared/schema";

/**
 * `insight.matchCounts`: the floow, and optionally the editor's unsaved feed, steps, filter
 * groups and filters (the saved ones otherwise).
 */
export const matchCountsSchema = z.object({
  id: idSchema,
  feedId: idSchema.nullable().optional(),
  filterGroups: z.array(filterGroupSchema).optional(),
  filters: z.array(filterSchema).optional(),
  steps: z
    .array(
      z.object({
        id: z.string().max(TEXT_LIMITS.id),
        choices: z.array(z.object({ id: z.string().max(TEXT_LIMITS.id) })),
      }),
    )
    .optional(),
});

export type MatchCountsInput = z.output<typeof matchCountsSchema>;
