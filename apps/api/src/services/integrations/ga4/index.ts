import { GA4_INTEGRATION_ID } from "@floow/domain/integration";
import type { IntegrationDefinition } from "../types";

/**
 * The GA4 `purchase` pick-up (docs/integrations.md): when the domain enables it (the domain's
 * `datalayer_purchases` setting, saved with the domain), the runtime reports the page's GA4
 * `purchase` events as conversions (source `datalayer`, services/conversions). Nothing is
 * stored in `integration`: the switch belongs to the domain, as its consent settings do.
 */
export const ga4: IntegrationDefinition = {
  id: GA4_INTEGRATION_ID,
  name: "Google Analytics 4 purchases",
  runtime: {
    settings: (domain) => (domain.datalayer_purchases ? { datalayerPurchases: true } : {}),
  },
};
