import { byIdSchema, createId } from "@floow/domain/shared";
import { createDomain, domainCreateSchema, domainUpdateSchema } from "@floow/domain/domain";
import { domainTrackingSchema } from "@floow/domain/conversion";
import type { DomainTracking } from "@floow/domain/conversion";
import { DomainError } from "@floow/domain/errors";
import type { Domain } from "@floow/domain/domain";
import {
  deleteDomain,
  findDomain,
  insertDomain,
  listDomains,
  updateDomain,
} from "../db/queries/domain";
import { findDomainTracking, updateDomainTracking } from "../db/queries/conversion";
import { adminProcedure, orgProcedure, router } from "../trpc/init";

const notFound = () => new DomainError("NOT_FOUND", "Domain not found.");

/**
 * The spec's domain calls (`/api/domains/*`). Members may do everything but delete a domain
 * (docs/permissions.md). Another organization's domain is NOT_FOUND.
 */
export const domainRouter = router({
  list: orgProcedure.query(({ ctx }): Promise<Domain[]> => listDomains(ctx.db, ctx.org.id)),

  byId: orgProcedure.input(byIdSchema).query(async ({ ctx, input }): Promise<Domain> => {
    const domain = await findDomain(ctx.db, ctx.org.id, input.id);
    if (!domain) throw notFound();
    return domain;
  }),

  /**
   * Saves a new domain under the id the dashboard generated (spec section 4) when that id is
   * free. An id already in use, in this organization or any other, is replaced by a fresh
   * one: the answer is an ordinary new domain either way, never an error that would tell a
   * caller the id exists elsewhere (docs/permissions.md). The dashboard uses the answer's id.
   * Colours and fonts left out get the defaults of a new domain.
   */
  create: orgProcedure
    .input(domainCreateSchema)
    .mutation(async ({ ctx, input }): Promise<Domain> => {
      const draft = createDomain({
        id: input.id,
        name: input.name,
        host: input.host,
        ...(input.description !== undefined && { description: input.description }),
        ...(input.image !== undefined && { image: input.image }),
        ...(input.blobUrl !== undefined && { blobUrl: input.blobUrl }),
        ...(input.colors !== undefined && { colors: input.colors }),
        ...(input.fonts !== undefined && { fonts: input.fonts }),
      });
      const domain =
        (await insertDomain(ctx.db, ctx.org.id, draft)) ??
        (await insertDomain(ctx.db, ctx.org.id, { ...draft, id: createId() }));
      // A fresh v4 UUID taken as well is practically impossible: a plain server error.
      if (!domain) throw new Error("a freshly generated domain id is taken");
      return domain;
    }),

  /** Saves the whole domain (name, host, colours, fonts, image). */
  update: orgProcedure
    .input(domainUpdateSchema)
    .mutation(async ({ ctx, input }): Promise<Domain> => {
      const domain = await updateDomain(ctx.db, ctx.org.id, input);
      if (!domain) throw notFound();
      return domain;
    }),

  /**
   * The domain's consent and conversion settings (docs/events.md "Consent"): which consent
   * signal its pages' runtime trusts, what it assumes without one, the GA4 purchase pick-up.
   */
  tracking: orgProcedure
    .input(byIdSchema)
    .query(async ({ ctx, input }): Promise<DomainTracking> => {
      const tracking = await findDomainTracking(ctx.db, ctx.org.id, input.id);
      if (!tracking) throw notFound();
      return tracking;
    }),

  /**
   * Saves them (admins only: what is stored about shoppers is the organization's legal choice).
   * Shoppers' pages get them with the domain's floows answer, within its cache time.
   */
  updateTracking: adminProcedure
    .input(domainTrackingSchema)
    .mutation(async ({ ctx, input }): Promise<DomainTracking> => {
      const tracking = await updateDomainTracking(ctx.db, ctx.org.id, input);
      if (!tracking) throw notFound();
      return tracking;
    }),

  /** Deletes a domain with its floows (admins only). */
  remove: adminProcedure
    .input(byIdSchema)
    .mutation(async ({ ctx, input }): Promise<{ id: string }> => {
      if (!(await deleteDomain(ctx.db, ctx.org.id, input.id))) throw notFound();
      return { id: input.id };
    }),
});
