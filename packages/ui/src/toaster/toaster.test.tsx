import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster, toast } from "./toaster";

describe("Toaster", () => {
  it("shows a toast with the exact text at the bottom", async () => {
    const { container } = render(<Toaster />);
    act(() => {
      toast.success("Success: Organization Acme created successfully");
    });
    expect(await screen.findByText("Success: Organization Acme created successfully")).toBeTruthy();
    const list = container.ownerDocument.querySelector("[data-sonner-toaster]");
    expect(list?.getAttribute("data-y-position")).toBe("bottom");
  });
});
