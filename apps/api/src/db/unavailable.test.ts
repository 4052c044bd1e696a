import { describe, expect, it } from "vitest";
import {
  BULK_QUERY_TIMEOUT_MS,
  currentQueryTimeout,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  unavailableReason,
  withBulkQueryTimeout,
} from "./unavailable";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("database unavailable or a bug", () => {
  it.each([
    [
      pgError("57P01", "terminating connection due to administrator command"),
      "connection terminated by the server",
    ],
    [pgError("57014", "canceling statement due to statement timeout"), "statement timeout"],
    [pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"), "connection refused"],
    [new Error("Connection terminated unexpectedly"), "connection terminated"],
    [
      new Error("timeout exceeded when trying to connect"),
      "connect timeout: the server did not answer in time",
    ],
    [
      new DatabaseUnavailableError("database unavailable", {
        cause: new Error("Query read timeout"),
      }),
      "query timeout: the server did not answer in time",
    ],
  ])("%s is unavailable: %s", (error, reason) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Wrapped (tRPC, Kysely) it still is.
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: error }))).toBe(true);
    expect(unavailableReason(error)).toBe(reason);
  });

  it.each([
    [pgError("23505", "duplicate key value violates unique constraint")],
    [pgError("42P01", 'relation "nope" does not exist')],
    [new TypeError("Cannot read properties of undefined")],
    [null],
  ])("%s is not", (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("withBulkQueryTimeout", () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("gives the bulk read's queries the long timeout, across awaits, and none outside", async () => {
    expect(currentQueryTimeout()).toBeUndefined();
    const seen = await withBulkQueryTimeout(async () => {
      await tick();
      return currentQueryTimeout();
    });
    expect(seen).toBe(BULK_QUERY_TIMEOUT_MS);
    expect(currentQueryTimeout()).toBeUndefined();
  });

  it("keeps it for a bulk read still running when another ends, and after a failed one", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const long = withBulkQueryTimeout(async () => {
      await held;
      return currentQueryTimeout();
    });
    await expect(
      withBulkQueryTimeout(async () => {
        await tick();
        throw new Error("read failed");
      }),
    ).rejects.toThrow("read failed");
    release();
    expect(await long).toBe(BULK_QUERY_TIMEOUT_MS);
    expect(currentQueryTimeout()).toBeUndefined();
  });
});
