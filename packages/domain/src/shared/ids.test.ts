import { describe, expect, it } from "vitest";
import { createId, ID_PATTERN, uuidFromBytes } from "./ids";

describe("createId", () => {
  it("makes v4 UUIDs", () => {
    expect(createId()).toMatch(ID_PATTERN);
  });

  it("never repeats in 10 000 ids", () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => createId()));
    expect(ids.size).toBe(10_000);
  });

  it("falls back to getRandomValues without randomUUID (insecure contexts)", () => {
    const id = createId({ getRandomValues: (a) => globalThis.crypto.getRandomValues(a) });
    expect(id).toMatch(ID_PATTERN);
  });

  it("falls back to Math.random without Web Crypto", () => {
    expect(createId({})).toMatch(ID_PATTERN);
    const ids = new Set(Array.from({ length: 1000 }, () => createId({})));
    expect(ids.size).toBe(1000);
  });

  it("sets the version and variant bits", () => {
    expect(uuidFromBytes(new Uint8Array(16).fill(255))).toBe(
      "ffffffff-ffff-4fff-bfff-ffffffffffff",
    );
    expect(uuidFromBytes(new Uint8Array(16))).toBe("00000000-0000-4000-8000-000000000000");
  });
});
