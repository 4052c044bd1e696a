import { z } from "zod";
import { ROLES } from "./constants";
import { inviteSchema } from "./schema";

/**
 * The spec's user entities (spec section 3) as zod schemas. No code parses
 * these at run time; `conformance.test.ts` proves them equal to the types in `types.ts`,
 * so they are the executable record of the spec. Not re-exported by `index.ts`: they are
 * no part of `@floow/domain/user`.
 */

const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  user_id: z.string().min(1),
  name: z.string().default(""),
  email: z.string(),
  title: z.string().default(""),
  role: roleSchema.nullable().default(null),
  picture: z.string().nullable().default(null),
  roles: z.array(roleSchema).default(() => []),
});

export const invitationSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  role: roleSchema.optional(),
  name: z.string().optional(),
});

export const teamUserSchema = z.object({
  user_id: z.string().min(1),
  email: z.string(),
  role: roleSchema,
});

/** A new user: email and role. */
export const newUserSchema = inviteSchema.pick({ email: true, role: true });
