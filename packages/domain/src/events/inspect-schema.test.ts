import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../errors";
import { EVENT_RECENT_LIMIT_DEFAULT, eventRecentSchema } from "./inspect-schema";

const cursor = "2026-11-23T17:30:00.123456Z~0b6f5c1e-4d1a-4c2e-9a57-2f0c1d2e3f40";

function pathsOf(input: unknown) {
  const parsed = eventRecentSchema.safeParse(input);
  expect(parsed.success).toBe(false);
  return fieldErrorsFrom(parsed.error).map((error) => error.path);
}

describe("eventRecentSchema", () => {
  it("takes no input: the newest 50 events of every floow and type", () => {
    expect(eventRecentSchema.parse(undefined)).toEqual({ limit: EVENT_RECENT_LIMIT_DEFAULT });
    expect(eventRecentSchema.parse({})).toEqual({ limit: 50 });
  });

  it("keeps the filters, the limit and the cursor", () => {
    expect(
      eventRecentSchema.parse({ floowId: "f1", type: "finish", limit: 100, before: cursor }),
    ).toEqual({
      floowId: "f1",
      type: "finish",
      limit: 100,
      before: cursor,
    });
    expect(eventRecentSchema.parse({ limit: 1 }).limit).toBe(1);
  });

  it("refuses a limit outside 1..100 or not whole, at limit", () => {
    for (const limit of [0, 101, 2.5, "10"]) {
      const parsed = eventRecentSchema.safeParse({ limit });
      expect(parsed.success).toBe(false);
      expect(fieldErrorsFrom(parsed.error)).toEqual([
        { path: ["limit"], message: "The limit is a whole number from 1 to 100." },
      ]);
    }
  });

  it("refuses an unknown type and an empty floow id", () => {
    expect(pathsOf({ type: "click" })).toEqual([["type"]]);
    expect(pathsOf({ floowId: "" })).toEqual([["floowId"]]);
  });

  it("refuses a cursor it did not write, or an impossible date in one", () => {
    for (const before of [
      "",
      "abc",
      12,
      "2026-11-23T17:30:00.123Z~id",
      "2026-11-23T17:30:00.123456Z~",
      "2026-11-23T17:30:00.123456Z~a~b",
      "2026-02-30T17:30:00.123456Z~id",
      "2026-11-23T24:30:00.123456Z~id",
    ]) {
      expect(pathsOf({ before })).toEqual([["before"]]);
    }
  });
});
