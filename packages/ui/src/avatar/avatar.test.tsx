import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "./avatar";

describe("Avatar", () => {
  it("shows the initials when there is no picture", () => {
    render(<Avatar alt="Jane Doe" initials="JD" />);
    const fallback = screen.getByRole("img", { name: "Jane Doe" });
    expect(fallback.textContent).toBe("JD");
  });

  it("keeps the initials as a fallback while a picture loads", () => {
    render(<Avatar alt="Jane Doe" initials="JD" src="https://example.com/jane.png" />);
    expect(screen.getByText("JD")).toBeTruthy();
  });

  it("shows a person icon when there are no initials either", () => {
    render(<Avatar alt="Unknown" initials="" />);
    expect(screen.getByRole("img", { name: "Unknown" }).querySelector("svg")).not.toBeNull();
  });
});
