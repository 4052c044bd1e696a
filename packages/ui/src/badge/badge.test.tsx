import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Badge } from "./badge";

describe("Badge", () => {
  it("shows its text with the variant's colours and an optional dot", () => {
    const { container } = render(
      <Badge variant="success" dot>
        Live
      </Badge>,
    );
    const badge = screen.getByText("Live");
    expect(badge.className).toContain("bg-primary-50");
    expect(container.querySelector("[aria-hidden='true']")).not.toBeNull();
  });

  it("is neutral by default", () => {
    render(<Badge>Guided Data</Badge>);
    expect(screen.getByText("Guided Data").className).toContain("bg-grey-50");
  });
});
