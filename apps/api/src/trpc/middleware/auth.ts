import { DomainError } from "@floow/domain/errors";
import type { SessionData } from "../../auth/session";
import type { InnerContext } from "../context";

/** authedProcedure's check: a signed-in session, or UNAUTHORIZED. */
export function requireSession(ctx: InnerContext): SessionData {
  if (!ctx.session) throw new DomainError("UNAUTHORIZED", "Please sign in.");
  return ctx.session;
}
