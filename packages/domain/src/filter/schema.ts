import { z } from "zod";
import { TEXT_LIMITS } from "../shared/limits";
import { boundedString, idSchema } from "../shared/schema";
import { FILTER_CONDITIONS, GROUP_OPERATORS } from "./constants";

/** A reference to a choice or a filter group of the floow. */
const ref = z.string().max(TEXT_LIMITS.id);

export const filterGroupSchema = z.object({
  id: idSchema,
  choiceId: ref.nullable().default(null),
  parentId: ref.nullable().default(null),
  operator: z.enum(GROUP_OPERATORS).default("and"),
});

export const filterSchema = z.object({
  id: idSchema,
  filterGroupId: idSchema,
  field: boundedString("key", "A field").default(""),
  operator: z.enum(FILTER_CONDITIONS).default("equals"),
  // Numbers typed into the editor are kept as text; comparisons parse them again.
  value: z.union([boundedString("label", "A value"), z.number().transform(String)]).default(""),
});

/**
 * The editor's preview results (`floow.previewResults`): a floow of the caller's
 * organization, the chosen choices, and the editor's configuration when it differs from the
 * saved one (unsaved filters, groups, steps); a part left out is read from the saved floow.
 */
export const previewResultsSchema = z.object({
  id: idSchema,
  choiceIds: z
    .array(ref)
    .max(500)
    .default(() => []),
  // No caps beyond the floow's own schema: whatever the editor can save, it can preview.
  filterGroups: z.array(filterGroupSchema).optional(),
  filters: z.array(filterSchema).optional(),
  // What the results read of the steps: which choices belong to which step, and their
  // texts (the labels of "Matches: …" on partial results).
  steps: z
    .array(
      z.object({
        id: ref,
        choices: z.array(z.object({ id: ref, text: z.string().max(TEXT_LIMITS.label).optional() })),
      }),
    )
    .optional(),
});
