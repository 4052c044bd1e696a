export { attemptDelivery, DISABLED_FAILING, DISABLED_GONE, retryAfterMs } from "./deliver";
export type { AttemptOutcome, DeliveryDeps } from "./deliver";
export { deliveryMaintenance, registerWebhookJobs, runDueDeliveries } from "./jobs";
export { replayDelivery, sendTestEvent, TEST_EVENT_TYPE } from "./manual";
export { WEBHOOK_DELIVERY_JOB, webhookBody } from "./outbox";
export { generateWebhookSecret } from "./secrets";
// The integrations' secret box, for the callers that wire both (server.ts).
export { createSecretBox, keyHint } from "../integrations/secret-box";
export type { SecretBox } from "../integrations/secret-box";
export { webhookDisabledNotifier } from "./notify";
