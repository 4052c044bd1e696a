/**
 * "Events of this organization were just stored": what /inspect's long poll (`event.live`)
 * waits for instead of asking the database every moment. In-process only; with several API
 * processes a waiting poll also looks every second (services/events/live.ts).
 */
const waiting = new Map<string, Set<() => void>>();

export function signalEventsStored(organizationIds: Iterable<string>): void {
  for (const id of new Set(organizationIds)) {
    const listeners = waiting.get(id);
    if (!listeners) continue;
    waiting.delete(id);
    for (const wake of listeners) wake();
  }
}

/** Resolves when events of the organization are stored, after `ms`, or when `signal` aborts. */
export function waitForEvents(
  organizationId: string,
  ms: number,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve) => {
    const listeners = waiting.get(organizationId) ?? new Set<() => void>();
    waiting.set(organizationId, listeners);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      listeners.delete(done);
      if (listeners.size === 0 && waiting.get(organizationId) === listeners)
        waiting.delete(organizationId);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    listeners.add(done);
  });
}
