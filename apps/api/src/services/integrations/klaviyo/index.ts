import { KLAVIYO_INTEGRATION_ID } from "@floow/domain/integration";
import type { IntegrationSetup } from "@floow/domain/integration";
import { sessionFormMessages } from "../../../db/queries/webhook-delivery";
import { keyHint } from "../secret-box";
import type { IntegrationDefinition } from "../types";
import { emailOf, KLAVIYO_BASE_URL, KLAVIYO_EVENT_TYPES, klaviyoEventRequest } from "./request";

type KlaviyoSetup = Extract<IntegrationSetup, { integrationConfigurationId: "klaviyo" }>;

/**
 * Klaviyo (docs/integrations.md): the answers of a domain's floows become Klaviyo events on
 * the shopper's profile, through the webhook outbox. The private API key is the secret.
 */
export const klaviyo: IntegrationDefinition<KlaviyoSetup> = {
  id: KLAVIYO_INTEGRATION_ID,
  name: "Klaviyo",
  setup: {
    secretField: "privateKey",
    stored: (setup) => ({
      settings: {},
      secret: setup.privateKey
        ? { value: setup.privateKey, hint: keyHint(setup.privateKey) }
        : null,
    }),
  },
  sends: {
    eventTypes: KLAVIYO_EVENT_TYPES,
    async request({ db, message, uniqueId, secret, baseUrl }) {
      // The profile: an e-mail of this event, else of an earlier form of the same session.
      let email = emailOf(message);
      if (!email) {
        for (const earlier of await sessionFormMessages(db, message.floowId, message.sessionId)) {
          email = emailOf(earlier);
          if (email) break;
        }
      }
      const request = klaviyoEventRequest(message, { uniqueId, email, privateKey: secret });
      return {
        url: `${baseUrl ?? KLAVIYO_BASE_URL}${request.path}`,
        init: { method: "POST", headers: request.headers, body: JSON.stringify(request.body) },
      };
    },
    // Klaviyo refuses the key or the request: sending it again cannot help.
    refused: (status) =>
      [400, 401, 403].includes(status)
        ? `Klaviyo answered ${status}: check the private API key (it needs the events:write scope).`
        : null,
  },
};
