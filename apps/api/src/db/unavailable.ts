import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Telling "the database is unavailable" (a broken or refused connection, a silent server, a
 * connect or statement timeout, a server shutting down) from a bug: the first is a 503 the
 * client may retry, the second a 500.
 */

/** SQLSTATE classes and codes that mean the server cannot serve right now, not that the query is wrong. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown (pg_terminate_backend, server stopping)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, in recovery)
  "57014", // query_canceled (statement_timeout)
  "53300", // too_many_connections
  "53400", // configuration_limit_exceeded
  "08000",
  "08003",
  "08006",
  "08001",
  "08004", // connection exceptions
]);

const UNAVAILABLE_SYSCALL_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /database unavailable/i,
];

/** Thrown by the pool wrapper when a query is cut because the database did not answer in time. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

function* causes(error: unknown): Generator<unknown> {
  let current: unknown = error;
  for (let depth = 0; current != null && depth < 8; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether an error (or one of its causes) says the database cannot be reached or is not answering. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const item of causes(error)) {
    if (item instanceof DatabaseUnavailableError) return true;
    if (typeof item !== "object") continue;
    const code = (item as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSCALL_CODES.has(code))
    )
      return true;
    const message = (item as { message?: unknown }).message;
    if (
      typeof message === "string" &&
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
    )
      return true;
  }
  return false;
}

/** A short, operator-facing reason for `/readyz` and logs: "query timeout", "connection refused", … */
export function unavailableReason(error: unknown): string {
  for (const item of causes(error)) {
    // Our own wrapper: its cause has the driver's original error.
    if (typeof item !== "object" || item instanceof DatabaseUnavailableError) continue;
    const code = (item as { code?: unknown }).code;
    const message = String((item as { message?: unknown }).message ?? "");
    if (code === "ECONNREFUSED") return "connection refused";
    if (code === "57P01" || code === "57P02") return "connection terminated by the server";
    if (code === "57P03") return "the server is starting up or shutting down";
    if (code === "57014") return "statement timeout";
    if (code === "53300") return "too many connections";
    if (/query read timeout/i.test(message))
      return "query timeout: the server did not answer in time";
    if (/timeout exceeded when trying to connect|connection timeout/i.test(message))
      return "connect timeout: the server did not answer in time";
    if (/connection terminated/i.test(message)) return "connection terminated";
    if (typeof code === "string" && UNAVAILABLE_SYSCALL_CODES.has(code))
      return `network error (${code})`;
  }
  return "unreachable";
}

/** Seconds a client should wait before retrying when the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * A longer client-side query timeout for the bulk reads that run inside it (see
 * `withBulkQueryTimeout`). HTTP requests get their short timeout from their Kysely instance
 * (`DbHandle.requestDb`), not from here: this scope is enabled only while a bulk read runs, and
 * disabled again after the last one, because on Node 20 an enabled AsyncLocalStorage runs a
 * hook on every promise of the process (about a fifth of the CPU of a conversions API answer).
 */
const queryTimeoutScope = new AsyncLocalStorage<number>();
let bulkReads = 0;

function bulkReadEnded(): void {
  bulkReads--;
  if (bulkReads === 0) queryTimeoutScope.disable();
}

/**
 * How long a bulk read may take even inside an HTTP request (a feed's 100,000 products for the
 * results index): past the request timeout, still bounded when the database goes silent.
 */
export const BULK_QUERY_TIMEOUT_MS = 30_000;

/**
 * Runs a bulk read (shared by many requests, e.g. a cache load) with at least
 * `BULK_QUERY_TIMEOUT_MS` for its queries (the longer of it and its Kysely instance's own).
 */
export function withBulkQueryTimeout<T>(fn: () => Promise<T>): Promise<T> {
  bulkReads++;
  let result: Promise<T>;
  try {
    result = queryTimeoutScope.run(BULK_QUERY_TIMEOUT_MS, fn);
  } catch (error) {
    bulkReadEnded();
    throw error;
  }
  return result.finally(bulkReadEnded);
}

/** The bulk read timeout in force here, or undefined outside a bulk read. */
export function currentQueryTimeout(): number | undefined {
  return queryTimeoutScope.getStore();
}
