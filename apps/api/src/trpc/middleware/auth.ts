import { TRPCError } from "@trpc/server";
import type { InnerContext, SessionData } from "../context";

/** authedProcedure's check: a signed-in session, or UNAUTHORIZED. */
export function requireSession(ctx: InnerContext): SessionData {
  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in." });
  return ctx.session;
}
