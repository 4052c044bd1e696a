import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./card";

describe("Card", () => {
  it("renders a titled section and merges class names", () => {
    render(
      <Card className="p-2" data-testid="card">
        <CardHeader>
          <CardTitle>Organization</CardTitle>
          <CardDescription>Acme</CardDescription>
        </CardHeader>
        <CardContent>Body</CardContent>
      </Card>,
    );
    expect(screen.getByRole("heading", { name: "Organization" })).toBeTruthy();
    expect(screen.getByTestId("card").className).toContain("p-2");
    expect(screen.getByText("Body")).toBeTruthy();
  });
});
