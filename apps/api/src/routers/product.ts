import { DomainError } from "@floow/domain/errors";
import { productListSchema } from "@floow/domain/feed";
import { findFeed } from "../db/queries/feed";
import { listProducts } from "../db/queries/product";
import type { ProductView } from "../db/queries/product";
import { orgProcedure, router } from "../trpc/init";

/**
 * Stored products, a page at a time: one feed's, or (no `feedId`) all the organization's
 * feeds', oldest feed first. Another organization's feed is NOT_FOUND.
 */
export const productRouter = router({
  list: orgProcedure
    .input(productListSchema)
    .query(
      async ({
        ctx,
        input,
      }): Promise<{ items: ProductView[]; total: number; offset: number; limit: number }> => {
        if (input.feedId && !(await findFeed(ctx.db, ctx.org.id, input.feedId))) {
          throw new DomainError("NOT_FOUND", "Feed not found.");
        }
        const { items, total } = await listProducts(
          ctx.db,
          ctx.org.id,
          input.feedId ?? null,
          input,
        );
        return { items, total, offset: input.offset, limit: input.limit };
      },
    ),
});
