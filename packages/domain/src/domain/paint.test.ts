import { describe, expect, it } from "vitest";
import { FALLBACK_COLOR, FALLBACK_PAINT, brandPaints, paint } from "./paint";

const color = (id: string, hex: string, favorite = false) => ({ id, name: id, hex, favorite });

describe("paints", () => {
  it("write the fallback out as the arithmetic gives it", () => {
    expect(FALLBACK_PAINT).toEqual(paint(FALLBACK_COLOR));
  });

  it("give a domain's accent and each valid colour, by id", () => {
    const paints = brandPaints([
      color("w", "ffffff", true),
      color("y", "ffee00", true),
      color("bad", "f00;x"),
    ]);
    // White is passed over as the accent (it would vanish on the white panel).
    expect(paints.primary).toEqual({ c: "#ffee00", on: "#111111", ink: "#111111" });
    expect(Object.keys(paints.colors)).toEqual(["w", "y"]);
    expect(paints.colors.w).toEqual({ c: "#ffffff", on: "#111111", ink: "#111111" });
    expect(brandPaints([]).primary).toEqual(FALLBACK_PAINT);
  });
});
