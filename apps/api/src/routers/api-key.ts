import { apiKeyCreateSchema, API_KEY_MAX_ACTIVE, API_KEY_MESSAGES } from "@floow/domain/api-key";
import type { ApiKey } from "@floow/domain/api-key";
import { DomainError } from "@floow/domain/errors";
import { byIdSchema, createId } from "@floow/domain/shared";
import { countActiveApiKeys, insertApiKey, listApiKeys } from "../db/queries/api-key";
import { generateApiKey } from "../services/api-keys/secret";
import { revokeKey } from "../services/api-keys/revoke";
import { adminProcedure, router } from "../trpc/init";

/**
 * API keys of the public REST API `/api/v1` (docs/api.md). Admins only, list included: a
 * key reads and writes the organization's data from outside. The key itself is in the
 * `create` answer only; Floow keeps its SHA-256 and shows its prefix.
 */
export const apiKeyRouter = router({
  list: adminProcedure.query(({ ctx }): Promise<ApiKey[]> => listApiKeys(ctx.db, ctx.org.id)),

  /** A new key; the whole key (`flw_live_…`) is in this answer and never again. */
  create: adminProcedure
    .input(apiKeyCreateSchema)
    .mutation(async ({ ctx, input }): Promise<{ apiKey: ApiKey; key: string }> => {
      if ((await countActiveApiKeys(ctx.db, ctx.org.id)) >= API_KEY_MAX_ACTIVE)
        throw new DomainError("CONFLICT", API_KEY_MESSAGES.tooMany);
      const { key, prefix, secretHash } = generateApiKey();
      const apiKey = await insertApiKey(ctx.db, ctx.org.id, {
        id: createId(),
        name: input.name,
        prefix,
        secretHash,
        scopes: input.scopes,
        createdBy: ctx.session.user.id,
      });
      return { apiKey, key };
    }),

  /** Revokes a key at once: its next request gets 401. */
  revoke: adminProcedure.input(byIdSchema).mutation(async ({ ctx, input }): Promise<ApiKey> => {
    const apiKey = await revokeKey(ctx.db, ctx.org.id, input.id);
    if (!apiKey) throw new DomainError("NOT_FOUND", "API key not found.");
    return apiKey;
  }),
});
