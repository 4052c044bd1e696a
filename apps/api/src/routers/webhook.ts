import { byIdSchema } from "@floow/domain/shared";
import { DomainError } from "@floow/domain/errors";
import { webhookDeliveriesQuerySchema, webhookInputSchema } from "@floow/domain/webhook";
import type { WebhookDelivery, WebhookDetails } from "@floow/domain/webhook";
import {
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhookDetails,
  setWebhookSecret,
  updateWebhook,
} from "../db/queries/webhook";
import { deliveryView, findDelivery, listDeliveries } from "../db/queries/webhook-delivery";
import {
  generateWebhookSecret,
  replayDelivery,
  sendTestEvent,
  webhookDisabledNotifier,
} from "../services/webhooks";
import type { DeliveryDeps } from "../services/webhooks";
import type { Context } from "../trpc/context";
import { adminProcedure, orgProcedure, router } from "../trpc/init";

const notFound = () => new DomainError("NOT_FOUND", "Webhook not found.");

/** What an attempt made from a procedure may use: the test-only loopback setting. */
const deliveryDeps = (ctx: Context): DeliveryDeps => ({
  fetch: { allowLoopback: ctx.fetch?.allowLoopback },
  // A replay answered 410 disables the webhook: the admins are told as by the worker.
  ...(ctx.mail && { onWebhookDisabled: webhookDisabledNotifier(ctx.db, ctx.mail) }),
});

/**
 * The spec's webhook calls (`/api/webhooks/*`) and the delivery log (docs/webhooks.md).
 * Members see webhooks and their log; only admins create, change, delete, rotate secrets,
 * send test events and replay. No answer ever carries a secret except the one that makes it
 * (create, rotateSecret): it is shown once.
 */
export const webhookRouter = router({
  list: orgProcedure.query(({ ctx }): Promise<WebhookDetails[]> =>
    listWebhookDetails(ctx.db, ctx.org.id),
  ),

  /** A new webhook; its `whsec_` signing secret is in this answer only. */
  create: adminProcedure
    .input(webhookInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ webhook: WebhookDetails; secret: string }> => {
      const secret = generateWebhookSecret();
      const webhook = await insertWebhook(ctx.db, ctx.org.id, input, secret);
      if (!webhook)
        throw new DomainError(
          "NOT_FOUND",
          "Domain or floow not found, or the webhook id is taken.",
        );
      return { webhook, secret };
    }),

  update: adminProcedure
    .input(webhookInputSchema)
    .mutation(async ({ ctx, input }): Promise<WebhookDetails> => {
      const webhook = await updateWebhook(ctx.db, ctx.org.id, input);
      if (!webhook) throw notFound();
      return webhook;
    }),

  remove: adminProcedure
    .input(byIdSchema)
    .mutation(async ({ ctx, input }): Promise<{ id: string }> => {
      if (!(await deleteWebhook(ctx.db, ctx.org.id, input.id))) throw notFound();
      return { id: input.id };
    }),

  /** A new signing secret (the old one stops working at once); in this answer only. */
  rotateSecret: adminProcedure
    .input(byIdSchema)
    .mutation(async ({ ctx, input }): Promise<{ secret: string }> => {
      const secret = generateWebhookSecret();
      if (!(await setWebhookSecret(ctx.db, ctx.org.id, input.id, secret))) throw notFound();
      return { secret };
    }),

  /** The delivery log, newest first (kept 30 days). */
  deliveries: orgProcedure.input(webhookDeliveriesQuerySchema).query(async ({ ctx, input }) => {
    if (!(await findWebhook(ctx.db, ctx.org.id, input.webhookId))) throw notFound();
    return listDeliveries(ctx.db, ctx.org.id, input);
  }),

  /** Sends a test event now; the answer is its log entry. */
  sendTest: adminProcedure
    .input(byIdSchema)
    .mutation(async ({ ctx, input }): Promise<WebhookDelivery> => {
      const webhook = await findWebhook(ctx.db, ctx.org.id, input.id);
      if (!webhook) throw notFound();
      return deliveryView(await sendTestEvent(ctx.db, webhook, deliveryDeps(ctx)));
    }),

  /** Sends a logged delivery's message again (same `webhook-id`), as a new log entry. */
  replay: adminProcedure
    .input(byIdSchema)
    .mutation(async ({ ctx, input }): Promise<WebhookDelivery> => {
      const original = await findDelivery(ctx.db, ctx.org.id, input.id);
      if (!original?.webhook_id) throw new DomainError("NOT_FOUND", "Delivery not found.");
      return deliveryView(await replayDelivery(ctx.db, original, deliveryDeps(ctx)));
    }),
});
