import { floowStartSchema, stepSchema } from "@floow/domain/floow";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { RichText } from "./rich-text";

const MESSAGE = "A text can be a maximum of 5,000 characters.";

function Question({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <RichText label="Question" schema={stepSchema.shape.text} value={text} onChange={setText} />
      <output data-testid="stored">{text.length}</output>
    </>
  );
}

describe("RichText over the server's limit", () => {
  it("says the limit at the field in the spec's words and keeps every character typed", async () => {
    // The stored HTML is what the server counts: <p>…</p> around 4,995 letters is 5,002.
    const over = `<p>${"a".repeat(TEXT_LIMITS.pageText - 5)}</p>`;
    render(<Question initial={over} />);
    const field = await screen.findByRole("textbox", { name: "Question" });
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGE);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe(screen.getByRole("alert").id);
    // Nothing was cut: the editor shows all of it and the value is unchanged.
    expect(field.textContent).toHaveLength(TEXT_LIMITS.pageText - 5);
    expect(screen.getByTestId("stored").textContent).toBe(String(over.length));
  });

  it("shows no error within the limit", async () => {
    render(
      <RichText
        label="Start text"
        schema={floowStartSchema.shape.text}
        value={`<p>${"a".repeat(100)}</p>`}
        onChange={() => undefined}
      />,
    );
    const field = await screen.findByRole("textbox", { name: "Start text" });
    expect(field.hasAttribute("aria-invalid")).toBe(false);
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });
});
