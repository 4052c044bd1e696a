import { z } from "zod";
import { TEXT_LIMITS } from "../shared/limits";
import { INTEGRATION_MESSAGES, KLAVIYO_INTEGRATION_ID, SHOPIFY_INTEGRATION_ID } from "./constants";

/**
 * What `integration.create` takes for Klaviyo: the domain whose floows' answers go to it and
 * the private API key. The key may be left empty when the domain's integration exists (it
 * keeps its key: the browser never gets it back to send again).
 */
const domainIdSchema = z
  .string({ error: INTEGRATION_MESSAGES.domain })
  .trim()
  .min(1, { error: INTEGRATION_MESSAGES.domain })
  .max(TEXT_LIMITS.id, { error: INTEGRATION_MESSAGES.domain });

export const klaviyoSetupSchema = z.object({
  domainId: domainIdSchema,
  privateKey: z
    .string()
    .trim()
    .max(TEXT_LIMITS.key, { error: INTEGRATION_MESSAGES.privateKey })
    .default("")
    .refine((v) => v === "" || /^pk_[A-Za-z0-9_-]{6,200}$/.test(v), {
      error: INTEGRATION_MESSAGES.privateKey,
    }),
});
export type KlaviyoSetup = z.output<typeof klaviyoSetupSchema>;

/**
 * The Shopify orders receiver of a domain: the shop (`my-shop.myshopify.com`, as Shopify sends
 * it in `X-Shopify-Shop-Domain`) and the secret Shopify signs its webhooks with. The secret may
 * be left empty when the domain's receiver exists (it keeps the stored one).
 */
export const shopifySetupSchema = z.object({
  integrationConfigurationId: z.literal(SHOPIFY_INTEGRATION_ID),
  domainId: domainIdSchema,
  shop: z
    .string({ error: INTEGRATION_MESSAGES.shop })
    .max(TEXT_LIMITS.url, { error: INTEGRATION_MESSAGES.shop })
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/^https?:\/\//, "").replace(/\/+$/, ""))
    .pipe(
      z
        .string()
        .max(TEXT_LIMITS.key, { error: INTEGRATION_MESSAGES.shop })
        .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, { error: INTEGRATION_MESSAGES.shop }),
    ),
  signingSecret: z
    .string()
    .trim()
    .max(TEXT_LIMITS.key, { error: INTEGRATION_MESSAGES.signingSecret })
    .default("")
    .refine((v) => v === "" || /^\S{16,}$/.test(v), { error: INTEGRATION_MESSAGES.signingSecret }),
});
export type ShopifySetup = z.output<typeof shopifySetupSchema>;

/**
 * What `integration.create` takes: one integration's setup, told apart by
 * `integrationConfigurationId` (Klaviyo's when absent: the screen's first setup sent none).
 */
export const integrationSetupSchema = z.discriminatedUnion("integrationConfigurationId", [
  klaviyoSetupSchema.extend({
    integrationConfigurationId: z.literal(KLAVIYO_INTEGRATION_ID).default(KLAVIYO_INTEGRATION_ID),
  }),
  shopifySetupSchema,
]);
export type IntegrationSetup = z.output<typeof integrationSetupSchema>;
