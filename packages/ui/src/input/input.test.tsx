import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Input, Textarea } from "./input";

describe("Input", () => {
  it("takes typed text", async () => {
    render(<Input aria-label="Name" />);
    const input = screen.getByRole<HTMLInputElement>("textbox", { name: "Name" });
    await userEvent.type(input, "Acme");
    expect(input.value).toBe("Acme");
    expect(input.type).toBe("text");
  });

  it("passes the input type through", () => {
    render(<Input aria-label="Email" type="email" />);
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Email" }).type).toBe("email");
  });

  it("has a multi-line sibling", () => {
    render(<Textarea aria-label="Comment" defaultValue="Hello" />);
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Comment" }).value).toBe(
      "Hello",
    );
  });
});
