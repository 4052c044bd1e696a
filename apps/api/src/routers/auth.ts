import { publicProcedure, router } from "../trpc/init";

export const authRouter = router({
  /** What the sign-in page offers: `{ oidc }` is true when an OpenID Connect provider is configured. */
  config: publicProcedure.query(({ ctx }) => {
    const plugins: readonly { id: string }[] = ctx.auth.options.plugins;
    return { oidc: plugins.some((plugin) => plugin.id === "generic-oauth") };
  }),
});
