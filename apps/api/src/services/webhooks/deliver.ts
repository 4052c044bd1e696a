import { performance } from "node:perf_hooks";
import { Webhook as StandardWebhook } from "standardwebhooks";
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_MAX_RETRY_AFTER_MS,
  WEBHOOK_RESPONSE_BODY_LIMIT,
  WEBHOOK_RETRY_SCHEDULE_MS,
  WEBHOOK_TIMEOUT_MS,
} from "@floow/domain/webhook";
import type { Kysely, Selectable } from "kysely";
import type { DB } from "../../db/database";
import {
  clearWebhookFailing,
  disableWebhook,
  failDelivery,
  findDeliveryWithTarget,
  markWebhookFailing,
  recordAttempt,
} from "../../db/queries/webhook-delivery";
import type { DeliveryRow } from "../../db/queries/webhook-delivery";
import type { IntegrationTable, WebhookTable } from "../../db/tables/webhook";
import { isSafeFetchError, safeFetch } from "../safe-fetch";
import type { LookupFn } from "../safe-fetch";
import type { FloowEventMessage } from "@floow/domain/events";
import { senderOf } from "../integrations/registry";
import type { SecretBox } from "../integrations/secret-box";

export interface DeliveryDeps {
  /** The clock the retry schedule and the 5-day rule read (tests pass a fake one). */
  now?: () => Date;
  /** safeFetch's test-only seams: loopback allowed (FETCH_ALLOW_LOOPBACK), a resolver. */
  fetch?: { allowLoopback?: boolean; lookup?: LookupFn };
  /** Opens integration keys. Without it integration deliveries fail. */
  secretBox?: SecretBox;
  /** Tests only: fakes of the integrations' services on 127.0.0.1, by integration id. */
  integrationBaseUrls?: Partial<Record<string, string>>;
  timeoutMs?: number;
  /** Floow disabled a webhook (410, or failing for 5 days): tell its organization's admins. */
  onWebhookDisabled?: (webhook: Selectable<WebhookTable>, reason: string) => Promise<void>;
}

export type AttemptOutcome =
  | { outcome: "succeeded"; responseStatus: number }
  | { outcome: "retry"; nextAttemptAt: Date; responseStatus: number | null; error: string }
  | { outcome: "failed"; responseStatus: number | null; error: string }
  /** Not pending any more (done, replaced, or its endpoint deleted). */
  | { outcome: "skipped" };

export const DISABLED_GONE = "The endpoint answered 410 Gone, so Floow stopped sending to it.";
export const DISABLED_FAILING = "Every delivery failed for 5 days, so Floow stopped sending to it.";

interface Answer {
  status: number | null;
  body: string | null;
  retryAfterMs: number | null;
  latencyMs: number;
  error: string | null;
}

/** Seconds or an HTTP date, as `Retry-After` may say; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: Date): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

async function readSnippet(body: NodeJS.ReadableStream & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= WEBHOOK_RESPONSE_BODY_LIMIT) break;
    }
  } catch {
    // A broken or oversized body still leaves the status to log.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_BODY_LIMIT).toString("utf8");
}

/** One HTTP request through the safe fetch: no redirects followed, 10 s for the whole answer. */
async function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
  signal: AbortSignal,
  deps: DeliveryDeps,
  now: Date,
): Promise<Answer> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await safeFetch(url, {
      ...init,
      signal,
      anyStatus: true,
      maxRedirects: 0,
      timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      maxBytes: 1024 * 1024,
      allowLoopback: deps.fetch?.allowLoopback,
      lookup: deps.fetch?.lookup,
    });
    const body = await readSnippet(response.body);
    const location = response.headers.location;
    const redirected = response.status >= 300 && response.status < 400;
    return {
      status: response.status,
      body,
      retryAfterMs:
        response.status === 429 ? retryAfterMs(response.headers["retry-after"], now) : null,
      latencyMs: latency(),
      error: redirected
        ? `Redirects are not followed (the endpoint redirected to ${String(location ?? "another address")}).`
        : response.status >= 200 && response.status < 300
          ? null
          : `The endpoint answered ${response.status}.`,
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      status: null,
      body: null,
      retryAfterMs: null,
      latencyMs: latency(),
      error: isSafeFetchError(error)
        ? error.message
        : error instanceof Error
          ? error.message
          : String(error),
    };
  }
}

function webhookRequest(delivery: DeliveryRow, webhook: Selectable<WebhookTable>) {
  const body = JSON.stringify(delivery.payload);
  // The signature's timestamp is the real time of sending (receivers reject old ones).
  const sentAt = new Date();
  const signature = new StandardWebhook(webhook.secret).sign(delivery.message_id, sentAt, body);
  return {
    url: webhook.url,
    init: {
      method: webhook.method,
      headers: {
        ...webhook.headers,
        "content-type": "application/json",
        "webhook-id": delivery.message_id,
        "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
    },
  };
}

/** The request of an integration's delivery, as its sender builds it (services/integrations). */
async function integrationRequest(
  db: Kysely<DB>,
  delivery: DeliveryRow,
  integration: Selectable<IntegrationTable>,
  secret: string,
  deps: DeliveryDeps,
) {
  const sender = senderOf(integration.integration_configuration_id);
  if (!sender) return null;
  return sender.request({
    db,
    message: delivery.payload as unknown as FloowEventMessage,
    uniqueId: delivery.message_id,
    secret,
    settings: integration.settings,
    baseUrl: deps.integrationBaseUrls?.[integration.integration_configuration_id],
  });
}

/**
 * Makes one attempt of a pending delivery and records it: 2xx succeeds; 410 from a webhook
 * disables it; 429 waits as long as `Retry-After` says; anything else (a timeout, a redirect,
 * a refused address, 5xx) is retried on the schedule, and failed after the last attempt. A
 * webhook failing for 5 days is disabled. Test events get one attempt. When `signal` aborts
 * (the worker stops) nothing is recorded and the error is thrown: the job runs again.
 */
export async function attemptDelivery(
  db: Kysely<DB>,
  deliveryId: string,
  signal: AbortSignal,
  deps: DeliveryDeps = {},
): Promise<AttemptOutcome> {
  const found = await findDeliveryWithTarget(db, deliveryId);
  if (!found || found.delivery.status !== "pending") return { outcome: "skipped" };
  const { delivery, webhook, integration } = found;
  const manual = delivery.test || delivery.replay_of !== null;

  let request: {
    url: string;
    init: { method: string; headers: Record<string, string>; body: string };
  };
  if (webhook) {
    if (webhook.status !== "active" && !manual) {
      await failDelivery(db, delivery.id, webhook.disabled_reason ?? "The webhook is inactive.");
      return { outcome: "failed", responseStatus: null, error: "The webhook is inactive." };
    }
    request = webhookRequest(delivery, webhook);
  } else if (integration?.encrypted_key && deps.secretBox) {
    let key: string;
    try {
      key = deps.secretBox.open(integration.encrypted_key);
    } catch {
      const error =
        "The integration's API key cannot be read (the server secret changed): save the integration again.";
      await failDelivery(db, delivery.id, error);
      return { outcome: "failed", responseStatus: null, error };
    }
    const built = await integrationRequest(db, delivery, integration, key, deps);
    if (!built) {
      const error = "The integration sends no events.";
      await failDelivery(db, delivery.id, error);
      return { outcome: "failed", responseStatus: null, error };
    }
    request = built;
  } else {
    const error = integration ? "The integration has no API key." : "The endpoint was deleted.";
    await failDelivery(db, delivery.id, error);
    return { outcome: "failed", responseStatus: null, error };
  }

  const now = () => deps.now?.() ?? new Date();
  const answer = await send(request.url, request.init, signal, deps, now());
  const at = now();
  const attempt = delivery.attempts + 1;
  const base = {
    attemptedAt: at,
    responseStatus: answer.status,
    responseBody: answer.body,
    latencyMs: answer.latencyMs,
  };

  if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
    await recordAttempt(db, delivery.id, {
      ...base,
      status: "succeeded",
      nextAttemptAt: null,
      error: null,
    });
    if (webhook && !delivery.test) await clearWebhookFailing(db, webhook.id);
    return { outcome: "succeeded", responseStatus: answer.status };
  }

  const error = answer.error ?? "The delivery failed.";
  const fail = async (reason = error): Promise<AttemptOutcome> => {
    await recordAttempt(db, delivery.id, {
      ...base,
      status: "failed",
      nextAttemptAt: null,
      error: reason,
    });
    return { outcome: "failed", responseStatus: answer.status, error: reason };
  };
  if (delivery.test) return fail();

  if (webhook && answer.status === 410) {
    const outcome = await fail();
    if (await disableWebhook(db, webhook.id, DISABLED_GONE, at))
      await deps.onWebhookDisabled?.(webhook, DISABLED_GONE);
    return outcome;
  }
  const refused =
    integration && answer.status !== null
      ? senderOf(integration.integration_configuration_id)?.refused(answer.status)
      : null;
  // The tool refuses the key or the request: sending it again cannot help.
  if (refused) return fail(refused);
  if (webhook) {
    const since = await markWebhookFailing(db, webhook.id, at);
    if (at.getTime() - since.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
      const outcome = await fail();
      if (await disableWebhook(db, webhook.id, DISABLED_FAILING, at))
        await deps.onWebhookDisabled?.(webhook, DISABLED_FAILING);
      return outcome;
    }
  }
  if (attempt >= WEBHOOK_RETRY_SCHEDULE_MS.length) return fail();
  const delay =
    answer.retryAfterMs !== null
      ? Math.min(answer.retryAfterMs, WEBHOOK_MAX_RETRY_AFTER_MS)
      : (WEBHOOK_RETRY_SCHEDULE_MS[attempt] ?? 0);
  const nextAttemptAt = new Date(at.getTime() + delay);
  await recordAttempt(db, delivery.id, { ...base, status: "pending", nextAttemptAt, error });
  return { outcome: "retry", nextAttemptAt, responseStatus: answer.status, error };
}
