import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Spinner } from "./spinner";

describe("Spinner", () => {
  it("announces itself as a status with a label", () => {
    render(<Spinner label="Loading floows" />);
    expect(screen.getByRole("status").textContent).toBe("Loading floows");
  });
});
