import { ga4 } from "./ga4";
import { shopify } from "./shopify";
import { klaviyo } from "./klaviyo";
import type { EventSender, IntegrationDefinition, Receiver, RuntimeDomainSettings } from "./types";

/**
 * Every integration Floow has, one line each (docs/integrations.md: adding one is a folder
 * beside these and a line here). Stored rows name theirs by `integration_configuration_id`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each has its own setup type
export const INTEGRATIONS: readonly IntegrationDefinition<any>[] = [klaviyo, shopify, ga4];

const byId = new Map(INTEGRATIONS.map((integration) => [integration.id, integration]));

/** The integration a stored row or a setup names; undefined for an unknown id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see INTEGRATIONS
export const integrationById = (id: string): IntegrationDefinition<any> | undefined => byId.get(id);

/** What the integration of this id sends on events, if it sends any. */
export const senderOf = (id: string): EventSender | undefined => byId.get(id)?.sends;

/** What the integration of this id receives, if it receives anything. */
export const receiverOf = (id: string): Receiver | undefined => byId.get(id)?.receives;

/** The runtime settings of a domain's floows answer, from every runtime integration. */
export function runtimeSettings(domain: RuntimeDomainSettings): Record<string, unknown> {
  return Object.assign({}, ...INTEGRATIONS.map((i) => i.runtime?.settings(domain) ?? {}));
}
