import { supportTicketSchema } from "@floow/domain/support";
import { insertSupportTicket } from "../db/queries/support";
import { authedProcedure, rateLimit, router } from "../trpc/init";

/** The support dialog (spec section 7's `POST /api/support`). Any signed-in user, with or without an organization. */
export const supportRouter = router({
  /** The address the dialog offers as the mailto fallback (SUPPORT_EMAIL). */
  config: authedProcedure.query(({ ctx }) => ({ email: ctx.supportEmail })),

  /** Stores a ticket. Limited per user, so the dialog cannot be used to flood the support queue. */
  create: authedProcedure
    .use(rateLimit({ window: 3600, max: 10 }))
    .input(supportTicketSchema)
    .mutation(async ({ ctx, input }) => ({
      id: await insertSupportTicket(ctx.db, ctx.session.user.id, input),
    })),
});
