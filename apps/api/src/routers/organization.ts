import { randomBytes } from "node:crypto";
import { APIError } from "better-auth/api";
import { findOrganization, isSlugTaken, updateOrganization } from "../db/queries/organization";
import { setActiveOrganization } from "../db/queries/session";
import { DomainError } from "@floow/domain/errors";
import { createOrganizationSchema, updateOrganizationSchema } from "@floow/domain/organization";
import { adminProcedure, authedProcedure, rateLimit, router } from "../trpc/init";

/** A URL-safe slug from the name: "Acme B.V." -> "acme-b-v". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
  return slug || "organization";
}

export const organizationRouter = router({
  /**
   * Creates an organization through better-auth (its hooks and limits apply), with the caller
   * as `admin`, and makes it the session's active organization.
   */
  create: authedProcedure
    .use(rateLimit({ window: 60, max: 10 }))
    .input(createOrganizationSchema)
    .mutation(async ({ ctx, input }) => {
      const base = slugify(input.name);
      let slug = base;
      for (let attempt = 0; attempt < 5 && (await isSlugTaken(ctx.db, slug)); attempt++) {
        slug = `${base}-${randomBytes(3).toString("hex")}`;
      }
      let created: { id: string };
      try {
        const result = await ctx.auth.api.createOrganization({
          body: {
            name: input.name,
            slug,
            userId: ctx.session.user.id,
            keepCurrentActiveOrganization: true,
            displayName: input.displayName || undefined,
          },
        });
        if (!result) throw new Error("better-auth returned no organization");
        created = result;
      } catch (error) {
        if (error instanceof APIError) {
          throw Object.assign(
            new DomainError(
              error.status === "FORBIDDEN" ? "FORBIDDEN" : "BAD_REQUEST",
              error.message,
            ),
            { cause: error },
          );
        }
        throw error;
      }
      await setActiveOrganization(ctx.db, ctx.session.session.id, created.id);
      const organization = await findOrganization(ctx.db, created.id);
      if (!organization) throw new Error(`organization ${created.id} vanished after creation`);
      return {
        id: organization.id,
        name: organization.name,
        display_name: organization.display_name,
      };
    }),

  /** Saves the active organization's settings form (admins only); returns the organization. */
  update: adminProcedure.input(updateOrganizationSchema).mutation(async ({ ctx, input }) => {
    const organization = await updateOrganization(ctx.db, ctx.org.id, {
      name: input.name,
      displayName: input.display_name,
      email: input.email,
      logoUrl: input.branding.logo_url,
      sector: input.sector,
      attributionWindowDays: input.attribution_window_days,
    });
    if (!organization) throw new DomainError("NOT_FOUND", "Organization not found.");
    return organization;
  }),
});
