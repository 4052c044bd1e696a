/**
 * README.md states the script-tag files' gzip sizes as the build measures them: run
 * `pnpm readme:sizes` after a change that moves them (scripts/readme-sizes.ts).
 */
import { describe, expect, it } from "vitest";
import { formatSize, measuredSizes, readmeSizes } from "../scripts/readme-sizes";

describe("README.md", () => {
  it("states the sizes of this build (pnpm readme:sizes writes them)", () => {
    const stated = readmeSizes();
    const measured = Object.fromEntries(
      Object.entries(measuredSizes()).map(([key, bytes]) => [key, formatSize(bytes)]),
    );
    expect(Object.keys(stated).sort()).toEqual(Object.keys(measured).sort());
    expect(stated).toEqual(measured);
  });
});
