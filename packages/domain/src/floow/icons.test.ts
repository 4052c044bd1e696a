import { describe, expect, it } from "vitest";
import { BUTTON_ICONS } from "./constants";
import { floowIcons, iconPath } from "./icons";

const button = (icon: (typeof BUTTON_ICONS)[number]) => ({ icon }) as never;

describe("icons", () => {
  it("have a path for every button icon but none; left and down ones are turned", () => {
    for (const name of BUTTON_ICONS) expect(!!iconPath(name)).toBe(name !== "none");
    expect(iconPath("arrow-left")).toEqual({
      d: iconPath("arrow-right")!.d,
      transform: "rotate(180 12 12)",
    });
    expect(iconPath("close")).not.toHaveProperty("transform");
    expect(iconPath("toString")).toBeUndefined();
  });

  it("a floow draws: its buttons' and the close and check marks", () => {
    const icons = floowIcons({
      back: button("arrow-left"),
      next: button("none"),
      restart: button("arrow-left"),
    });
    expect(Object.keys(icons)).toEqual(["arrow-left", "close", "check"]);
  });
});
