import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HomeIcon } from "./icons";

describe("icons", () => {
  it("are decorative by default and take a size", () => {
    const { container } = render(<HomeIcon size={16} className="text-moss-600" />);
    const svg = container.querySelector("svg");
    expect(svg?.getAttribute("aria-hidden")).toBe("true");
    expect(svg?.getAttribute("width")).toBe("16");
    expect(svg?.getAttribute("class")).toBe("text-moss-600");
  });
});
