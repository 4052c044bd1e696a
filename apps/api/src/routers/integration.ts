import { byIdSchema, createId } from "@floow/domain/shared";
import { DomainError } from "@floow/domain/errors";
import {
  INTEGRATION_MESSAGES,
  KLAVIYO_INTEGRATION_ID,
  klaviyoSetupSchema,
} from "@floow/domain/integration";
import type { IntegrationDetails } from "@floow/domain/integration";
import {
  deleteIntegration,
  listIntegrationDetails,
  upsertIntegration,
} from "../db/queries/webhook";
import { createSecretBox, keyHint } from "../services/webhooks";
import { adminProcedure, orgProcedure, router } from "../trpc/init";

/**
 * The integrations screen (spec: `POST /api/integrations/create`). The catalogue itself is
 * `INTEGRATION_CATALOGUE` in @floow/domain; only Klaviyo has a setup. Its private API key is
 * stored encrypted and never sent back: the answers carry a hint (`pk_…abcd`) only.
 */
export const integrationRouter = router({
  list: orgProcedure.query(({ ctx }): Promise<IntegrationDetails[]> =>
    listIntegrationDetails(ctx.db, ctx.org.id),
  ),

  /** Links Klaviyo to a domain, or saves the domain's Klaviyo (a new key replaces the old; none keeps it). */
  create: adminProcedure
    .input(klaviyoSetupSchema)
    .mutation(async ({ ctx, input }): Promise<IntegrationDetails> => {
      const box = createSecretBox(ctx.auth.options.secret);
      const result = await upsertIntegration(ctx.db, ctx.org.id, {
        id: createId(),
        domainId: input.domainId,
        integrationConfigurationId: KLAVIYO_INTEGRATION_ID,
        key: input.privateKey
          ? { encrypted: box.seal(input.privateKey), hint: keyHint(input.privateKey) }
          : null,
      });
      if (result === null) throw new DomainError("NOT_FOUND", "Domain not found.");
      if (result === "missing-key") {
        throw new DomainError("VALIDATION", INTEGRATION_MESSAGES.privateKey, [
          { path: ["privateKey"], message: INTEGRATION_MESSAGES.privateKey },
        ]);
      }
      return result;
    }),

  remove: adminProcedure
    .input(byIdSchema)
    .mutation(async ({ ctx, input }): Promise<{ id: string }> => {
      if (!(await deleteIntegration(ctx.db, ctx.org.id, input.id)))
        throw new DomainError("NOT_FOUND", "Integration not found.");
      return { id: input.id };
    }),
});
