export { INTEGRATIONS, integrationById, receiverOf, runtimeSettings, senderOf } from "./registry";
export { createSecretBox, keyHint } from "./secret-box";
export type { SecretBox } from "./secret-box";
export type {
  EventSender,
  IntegrationDefinition,
  OutboundRequest,
  ReceiveAnswer,
  ReceivedRequest,
  Receiver,
  ReceivingIntegration,
} from "./types";
export { KLAVIYO_BASE_URL, klaviyoEventRequest } from "./klaviyo/request";
