export { attemptDelivery, DISABLED_FAILING, DISABLED_GONE, retryAfterMs } from "./deliver";
export type { AttemptOutcome, DeliveryDeps } from "./deliver";
export { deliveryMaintenance, registerWebhookJobs, runDueDeliveries } from "./jobs";
export { KLAVIYO_BASE_URL, klaviyoEventRequest } from "./klaviyo";
export { replayDelivery, sendTestEvent, TEST_EVENT_TYPE } from "./manual";
export { enqueueEventDeliveries, WEBHOOK_DELIVERY_JOB, webhookBody } from "./outbox";
export { createSecretBox, generateWebhookSecret, keyHint } from "./secrets";
export type { SecretBox } from "./secrets";
export { webhookDisabledNotifier } from "./notify";
