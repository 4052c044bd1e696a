import { FONT_HELP_URL, type Font } from "@floow/domain/domain";
import { VALIDATION_MESSAGES } from "@floow/domain/validation";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { AddFontDialog } from "./add-font-dialog";

const m = VALIDATION_MESSAGES.font;

function Harness({ onAdd }: { onAdd: (font: Font) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <AddFontDialog open={open} onOpenChange={setOpen} onAdd={onAdd} />
    </>
  );
}

const url = () => screen.getByLabelText("Font URL") as HTMLInputElement;

describe("AddFontDialog", () => {
  it("asks for a font URL and a valid one", async () => {
    render(<Harness onAdd={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("New Font");
    await userEvent.click(screen.getByRole("button", { name: "Add Font" }));
    expect(await screen.findByText(m.urlRequired)).toBeTruthy();
    await userEvent.type(url(), "fonts");
    await userEvent.tab();
    expect(await screen.findByText(m.urlInvalid)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText("Name"));
    await userEvent.tab();
    expect(await screen.findByText(m.nameRequired)).toBeTruthy();
  });

  it("adds the font and closes", async () => {
    const onAdd = vi.fn();
    render(<Harness onAdd={onAdd} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    await userEvent.clear(screen.getByLabelText("Name"));
    await userEvent.type(screen.getByLabelText("Name"), "Inter");
    await userEvent.type(url(), "https://fonts.googleapis.com/css2?family=Inter");
    await userEvent.click(screen.getByRole("button", { name: "Add Font" }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith(
        expect.objectContaining({
          name: "Inter",
          url: "https://fonts.googleapis.com/css2?family=Inter",
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("has a help toggle pointing to a public font site", async () => {
    render(<Harness onAdd={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const toggle = screen.getByRole("button", { name: "Where do I find a font URL?" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: /Google Fonts/ })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: /Google Fonts/ }).getAttribute("href")).toBe(
      FONT_HELP_URL,
    );
  });
});
