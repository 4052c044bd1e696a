import { byIdSchema, createId } from "@floow/domain/shared";
import { DomainError } from "@floow/domain/errors";
import { INTEGRATION_MESSAGES, integrationSetupSchema } from "@floow/domain/integration";
import type { IntegrationDetails } from "@floow/domain/integration";
import {
  deleteIntegration,
  listIntegrationDetails,
  upsertIntegration,
} from "../db/queries/integration";
import { createSecretBox, integrationById } from "../services/integrations";
import { adminProcedure, orgProcedure, router } from "../trpc/init";

/**
 * The integrations of the organization's domains (spec: `POST /api/integrations/create`). The
 * catalogue is `INTEGRATION_CATALOGUE` in @floow/domain; what each integration keeps and does
 * is its definition in services/integrations. Secrets (Klaviyo's private API key, Shopify's
 * signing secret) are stored sealed and never sent back: the answers carry a hint only.
 */
export const integrationRouter = router({
  list: orgProcedure.query(({ ctx }): Promise<IntegrationDetails[]> =>
    listIntegrationDetails(ctx.db, ctx.org.id),
  ),

  /**
   * Links an integration (Klaviyo when none is named) to a domain, or saves the domain's one:
   * a new secret replaces the old, none keeps it.
   */
  create: adminProcedure
    .input(integrationSetupSchema)
    .mutation(async ({ ctx, input }): Promise<IntegrationDetails> => {
      const setup = integrationById(input.integrationConfigurationId)?.setup;
      if (!setup) throw new DomainError("NOT_FOUND", "Integration not found.");
      const { settings, secret } = setup.stored(input);
      const box = createSecretBox(ctx.auth.options.secret);
      const result = await upsertIntegration(ctx.db, ctx.org.id, {
        id: createId(),
        domainId: input.domainId,
        integrationConfigurationId: input.integrationConfigurationId,
        settings,
        key: secret ? { encrypted: box.seal(secret.value), hint: secret.hint } : null,
      });
      if (result === null) throw new DomainError("NOT_FOUND", "Domain not found.");
      if (result === "missing-key") {
        const field = setup.secretField;
        throw new DomainError("VALIDATION", INTEGRATION_MESSAGES[field], [
          { path: [field], message: INTEGRATION_MESSAGES[field] },
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
