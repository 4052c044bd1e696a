import { describe, expect, it } from "vitest";
import { isValidEntityId } from "./entity-id";

describe("isValidEntityId", () => {
  it.each([
    ["3f0c1c52-8f0e-4c55-9a8e-2b1f1c2d3e4f", true],
    ["V1StGXR8_Z5jdHi6B-myT", true],
    ["", false],
    ["a b", false],
    ["x".repeat(129), false],
    ["<script>", false],
  ])("%j → %s", (id, expected) => {
    expect(isValidEntityId(id)).toBe(expected);
  });
});
