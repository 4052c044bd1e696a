import { DomainError, idSchema } from "@floow/domain";
import { z } from "zod";
import { findFeed } from "../db/queries/feed";
import { listProducts } from "../db/queries/product";
import type { ProductView } from "../db/queries/product";
import { orgProcedure, router } from "../trpc/init";

// TODO(domain): move to @floow/domain (house rule 8) when the product list screen lands.
const productListSchema = z.object({
  /** One feed's products; without it, those of all the organization's feeds. */
  feedId: idSchema.optional(),
  search: z.string().max(200).optional(),
  sort: z.enum(["position", "id", "name", "price"]).default("position"),
  direction: z.enum(["asc", "desc"]).default("asc"),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});

/**
 * Stored products, a page at a time: one feed's, or (no `feedId`) all the organization's
 * feeds', oldest feed first. Another organization's feed is NOT_FOUND.
 */
export const productRouter = router({
  list: orgProcedure
    .input(productListSchema)
    .query(async ({ ctx, input }): Promise<{ items: ProductView[]; total: number; offset: number; limit: number }> => {
      if (input.feedId && !(await findFeed(ctx.db, ctx.org.id, input.feedId))) {
        throw new DomainError("NOT_FOUND", "Feed not found.");
      }
      const { items, total } = await listProducts(ctx.db, ctx.org.id, input.feedId ?? null, input);
      return { items, total, offset: input.offset, limit: input.limit };
    }),
});
