import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { resolveAuthSecret, SECRET_FILE } from "./secret";

describe("resolveAuthSecret", () => {
  it("uses BETTER_AUTH_SECRET when set", () => {
    expect(resolveAuthSecret({ betterAuthSecret: "x".repeat(32), dataDir: "/nonexistent" })).toBe(
      "x".repeat(32),
    );
  });

  it("generates a secret once and keeps it in DATA_DIR", () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "floow-secret-")), "nested");
    const onGenerated = vi.fn();
    const first = resolveAuthSecret({ dataDir }, onGenerated);
    const second = resolveAuthSecret({ dataDir }, onGenerated);
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    expect(onGenerated).toHaveBeenCalledTimes(1);
    const file = path.join(dataDir, SECRET_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
