import { SHOPIFY_INTEGRATION_ID } from "@floow/domain/integration";
import type { IntegrationSetup } from "@floow/domain/integration";
import { recordConversion } from "../../conversions/record";
import type { IntegrationDefinition } from "../types";
import { orderConversion } from "./order";
import { verifyShopifyHmac } from "./verify";

type ShopifySetup = Extract<IntegrationSetup, { integrationConfigurationId: "shopify" }>;

/** The one topic Floow takes; Shopify may be set to send others to the same address. */
export const SHOPIFY_ORDER_TOPIC = "orders/create";

const header = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.trim() ?? "";

/**
 * Shopify's `orders/create` receiver (docs/integrations.md, "Shopify orders"), set up per
 * domain with the shop and the secret Shopify signs its webhooks with. Each order is recorded
 * once (by its order id, which every retry of a delivery repeats) through recordConversion,
 * source `shopify`.
 */
export const shopify: IntegrationDefinition<ShopifySetup> = {
  id: SHOPIFY_INTEGRATION_ID,
  name: "Shopify orders",
  setup: {
    secretField: "signingSecret",
    stored: (setup) => ({
      settings: { shop: setup.shop },
      secret: setup.signingSecret
        ? { value: setup.signingSecret, hint: `…${setup.signingSecret.slice(-4)}` }
        : null,
    }),
  },
  receives: {
    async receive(db, integration, request) {
      // Nothing is read before the signature is proven: a bad or missing one changes nothing.
      if (
        !verifyShopifyHmac(
          request.rawBody,
          integration.secret,
          request.headers["x-shopify-hmac-sha256"],
        )
      )
        return {
          ok: false,
          status: 401,
          message: "The X-Shopify-Hmac-Sha256 signature is missing or wrong.",
        };
      const topic = header(request.headers["x-shopify-topic"]);
      if (topic !== SHOPIFY_ORDER_TOPIC)
        return { ok: true, body: { ignored: `topic ${topic || "none"}` } };
      const shop = header(request.headers["x-shopify-shop-domain"]).toLowerCase();
      if (integration.settings.shop && shop !== integration.settings.shop)
        return { ok: true, body: { ignored: `shop ${shop || "none"}` } };
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody.toString("utf8"));
      } catch {
        return { ok: false, status: 400, message: "The body is not JSON." };
      }
      const order = orderConversion(body);
      if (!order.ok) {
        const issue = order.error.issues[0];
        return {
          ok: false,
          status: 400,
          message: `${issue?.path.join(".") || "order"}: ${issue?.message ?? "invalid"}`,
        };
      }
      const recorded = await recordConversion(db, {
        ...order.value,
        organizationId: integration.organizationId,
        source: "shopify",
      });
      return { ok: true, body: { orderId: order.value.orderId, duplicate: recorded.duplicate } };
    },
  },
};
