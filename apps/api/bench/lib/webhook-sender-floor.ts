/**
 * The floor of the webhooks benchmark's delivery (webhooks.bench.ts): the least a sender can do
 * for the same deliveries, in a process of its own as the API is. COUNT requests of BODY, each
 * signed with `standardwebhooks` (a `webhook-id`, the time of sending, the signature, as the
 * API signs them), POSTed to URL by Node's `fetch` (keep-alive), CONCURRENCY at once. No queue,
 * no database, no record of the attempt. Prints `{ "ms": wall time, "cpuMs": its CPU time }`.
 */
import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";

const { URL: url, SECRET, BODY } = process.env as Record<string, string>;
const count = Number(process.env.COUNT);
const concurrency = Number(process.env.CONCURRENCY);
const signer = new Webhook(SECRET!);

let next = 0;
async function lane(): Promise<void> {
  while (next < count) {
    next++;
    const id = `msg_${randomUUID()}`;
    const sentAt = new Date();
    const response = await fetch(url!, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
        "webhook-signature": signer.sign(id, sentAt, BODY!),
      },
      body: BODY,
    });
    await response.arrayBuffer();
    if (response.status !== 204) throw new Error(`the receiver answered ${response.status}`);
  }
}

const cpu = process.cpuUsage();
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, () => lane()));
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({ ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }),
);
