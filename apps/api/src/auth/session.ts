/**
 * The signed-in user and their session as the API sees them (read from better-auth's session
 * in `trpc/context.ts`, handed to procedures as `ctx.session`). Here, below `trpc/`, so that
 * `auth/` never imports from `trpc/`: the arrow goes from trpc to auth only.
 */
export interface SessionData {
  user: { id: string; name: string; email: string };
  session: { id: string; activeOrganizationId: string | null };
}
