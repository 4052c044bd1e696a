import { z } from "zod";
import { idSchema } from "../shared/schema";
import { FILTER_CONDITIONS, GROUP_OPERATORS } from "./constants";

export const filterGroupSchema = z.object({
  id: idSchema,
  choiceId: z.string().nullable().default(null),
  parentId: z.string().nullable().default(null),
  operator: z.enum(GROUP_OPERATORS).default("and"),
});

export const filterSchema = z.object({
  id: idSchema,
  filterGroupId: idSchema,
  field: z.string().default(""),
  operator: z.enum(FILTER_CONDITIONS).default("equals"),
  // Numbers typed into the editor are kept as text; comparisons parse them again.
  value: z.union([z.string(), z.number().transform(String)]).default(""),
});
