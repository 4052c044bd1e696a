/**
 * Saves the floow as the user edits: debounced, one request at a time, always the newest
 * local value, with the version the server last gave us (optimistic concurrency).
 *
 * - A change schedules a save `delayMs` after the last change (typing does not flood the API).
 * - While a save runs, newer changes wait and are saved right after it.
 * - A failed save keeps the value pending and retries with back-off; nothing typed is lost
 *   because the editor's own state is never rolled back.
 * - A CONFLICT (another tab or teammate saved first) stops saving: overwriting it silently
 *   is exactly what must not happen. The user chooses: reload theirs, or overwrite with ours.
 * - A save the server refuses as wrong (a 400: a text over its limit, say) is not retried:
 *   the same value would be refused again. The status says so until the next change, which
 *   is saved as usual; the field itself shows what is wrong (docs/editor.md).
 *
 * Framework-free so the timing rules are unit-tested with fake timers.
 */

export type SaveStatus = "idle" | "pending" | "saving" | "saved" | "error" | "invalid" | "conflict";

export const AUTOSAVE_DELAY_MS = 800;
/** Back-off between retries of a failed save; the last value repeats. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

export interface AutosaveOptions<T> {
  /** Saves `value` based on `version`; resolves to the new version. */
  save: (value: T, version: number) => Promise<number>;
  version: number;
  isConflict: (error: unknown) => boolean;
  /** A refusal that a retry of the same value cannot mend (the server's 400). */
  isInvalid?: (error: unknown) => boolean;
  onStatus?: (status: SaveStatus) => void;
  /**
   * Called once per failure streak of background saves (not on every retry), and for a
   * conflict. A failed `flush` is reported by its result instead.
   */
  onError?: (error: unknown, kind: "error" | "invalid" | "conflict") => void;
  /** Called after every successful save. */
  onSaved?: (version: number) => void;
  delayMs?: number;
  retryDelaysMs?: readonly number[];
}

export interface Autosave<T> {
  /** A new local value: saved after the debounce. */
  change: (value: T) => void;
  /** Saves now (explicit save, leaving the page); resolves to true when all is saved. */
  flush: () => Promise<boolean>;
  /** After a reload or an explicit overwrite: the server's current version. */
  setVersion: (version: number) => void;
  /** Leaves the conflict state so the pending value is saved on the next flush. */
  resume: () => void;
  /** The server's copy was taken (Reload): drop what is pending and start from `version`. */
  reset: (version: number) => void;
  readonly status: SaveStatus;
  readonly version: number;
  readonly hasPending: boolean;
  dispose: () => void;
}

export function createAutosave<T>(options: AutosaveOptions<T>): Autosave<T> {
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  let version = options.version;
  let pending: { value: T } | null = null;
  let status: SaveStatus = "idle";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let failures = 0;
  let explicitWaiting = false;
  let disposed = false;

  const setStatus = (next: SaveStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const schedule = (ms: number) => {
    clearTimer();
    if (disposed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, ms);
  };

  async function run(): Promise<void> {
    if (inFlight) return inFlight;
    if (!pending || status === "conflict" || disposed) return;
    clearTimer();
    const { value } = pending;
    pending = null;
    const explicit = explicitWaiting;
    explicitWaiting = false;
    setStatus("saving");
    inFlight = (async () => {
      try {
        version = await options.save(value, version);
        failures = 0;
        options.onSaved?.(version);
        if (pending) {
          setStatus("pending");
          schedule(delayMs);
        } else {
          setStatus("saved");
        }
      } catch (error) {
        // Keep the newest value: a change made during the failed save wins over `value`.
        pending ??= { value };
        if (options.isConflict(error)) {
          clearTimer();
          setStatus("conflict");
          options.onError?.(error, "conflict");
          return;
        }
        if (options.isInvalid?.(error)) {
          // Kept pending (nothing typed is lost), but not retried: the next change saves.
          clearTimer();
          failures = 0;
          setStatus("invalid");
          if (!explicit) options.onError?.(error, "invalid");
          return;
        }
        if (failures === 0 && !explicit) options.onError?.(error, "error");
        const wait = retryDelays[Math.min(failures, retryDelays.length - 1)] ?? delayMs;
        failures += 1;
        setStatus("error");
        schedule(wait);
      }
    })();
    try {
      await inFlight;
    } finally {
      inFlight = null;
    }
  }

  return {
    change(value) {
      pending = { value };
      if (status === "conflict" || disposed) return;
      // After a failure keep the back-off timer; the retry sends this newest value.
      if (status === "error" && timer !== undefined) return;
      setStatus(inFlight ? "saving" : "pending");
      schedule(delayMs);
    },
    async flush() {
      clearTimer();
      // Wait for a running save, then send what is left (at most twice: the running one and ours).
      if (inFlight) await inFlight;
      if (pending && status !== "conflict") {
        explicitWaiting = true;
        await run();
      }
      return (
        pending === null && status !== "conflict" && status !== "error" && status !== "invalid"
      );
    },
    setVersion(next) {
      version = next;
    },
    resume() {
      if (status !== "conflict") return;
      failures = 0;
      setStatus(pending ? "pending" : "saved");
    },
    reset(next) {
      clearTimer();
      pending = null;
      failures = 0;
      version = next;
      setStatus("saved");
    },
    get status() {
      return status;
    },
    get version() {
      return version;
    },
    get hasPending() {
      return pending !== null || inFlight !== null;
    },
    dispose() {
      disposed = true;
      clearTimer();
    },
  };
}
