import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Input } from "../input/input";
import { Field } from "./field";

describe("Field", () => {
  it("labels its control", () => {
    render(
      <Field label="Domain name">
        <Input />
      </Field>,
    );
    expect(screen.getByLabelText("Domain name").tagName).toBe("INPUT");
  });

  it("shows the error text and marks the control invalid", () => {
    render(
      <Field label="Domain name" error="Please enter a domain name.">
        <Input id="name" />
      </Field>,
    );
    const input = screen.getByLabelText("Domain name");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Please enter a domain name.");
    expect(input.getAttribute("aria-describedby")).toBe("name-error");
  });

  it("has no error text when valid", () => {
    render(
      <Field label="Host" description="Where the widgets load">
        <Input />
      </Field>,
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText("Host").getAttribute("aria-invalid")).toBeNull();
  });
});
