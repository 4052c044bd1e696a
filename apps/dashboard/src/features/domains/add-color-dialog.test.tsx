import { type Color } from "@floow/domain/domain";
import { FIELD_MESSAGES, VALIDATION_MESSAGES } from "@floow/domain/validation";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { AddColorDialog, cleanHexInput } from "./add-color-dialog";

const m = VALIDATION_MESSAGES.color;

function Harness({ onAdd }: { onAdd: (color: Color) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <AddColorDialog open={open} onOpenChange={setOpen} onAdd={onAdd} />
    </>
  );
}

const hexInput = () => screen.getByLabelText("Hex code") as HTMLInputElement;
const nameInput = () => screen.getByLabelText("Name") as HTMLInputElement;

describe("AddColorDialog", () => {
  it("starts as New Color with an empty hex and asks for the hex", async () => {
    const onAdd = vi.fn();
    render(<Harness onAdd={onAdd} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(nameInput().value).toBe("New Color");
    expect(hexInput().value).toBe("");
    await userEvent.click(screen.getByRole("button", { name: "Add Color" }));
    expect(await screen.findByText(m.hexRequired)).toBeTruthy();
    await userEvent.clear(nameInput());
    await userEvent.tab();
    expect(await screen.findByText(m.nameRequired)).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("strips a typed # and allows at most 6 characters", async () => {
    render(<Harness onAdd={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    await userEvent.type(hexInput(), "#ff00aa1");
    expect(hexInput().value).toBe("FF00AA1");
    expect(await screen.findByText(m.hexMax)).toBeTruthy();
    await userEvent.type(hexInput(), "{Backspace}");
    await waitFor(() => expect(screen.queryByText(m.hexMax)).toBeNull());
  });

  it("takes hex digits only (the domain's rule)", async () => {
    render(<Harness onAdd={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    await userEvent.type(hexInput(), "ggg");
    expect(await screen.findByText(FIELD_MESSAGES.hexcode)).toBeTruthy();
  });

  it("adds the colour, closes, and opens fresh again", async () => {
    const onAdd = vi.fn();
    render(<Harness onAdd={onAdd} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    await userEvent.clear(nameInput());
    await userEvent.type(nameInput(), "Moss");
    await userEvent.type(hexInput(), "#5b7737");
    await userEvent.click(screen.getByRole("button", { name: "Add Color" }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledOnce());
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({
      name: "Moss",
      hex: "5B7737",
      favorite: false,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(nameInput().value).toBe("New Color");
    expect(hexInput().value).toBe("");
  });

  it("offers the 42-colour default palette to pick from", async () => {
    const onAdd = vi.fn();
    render(<Harness onAdd={onAdd} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const swatches = screen.getAllByRole("button", {
      name: /^(Red|Orange|Yellow|Green|Blue|Purple|Gray) \d #/,
    });
    expect(swatches).toHaveLength(42);
    await userEvent.click(screen.getByRole("button", { name: "Blue 5 #2563EB" }));
    expect(nameInput().value).toBe("Blue 5");
    expect(hexInput().value).toBe("2563EB");
    await userEvent.click(screen.getByRole("button", { name: "Add Color" }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith(
        expect.objectContaining({ name: "Blue 5", hex: "2563EB" }),
      ),
    );
  });
});

describe("cleanHexInput", () => {
  it("strips a typed # and shows upper case", () => {
    expect(cleanHexInput("#a1b2c3")).toBe("A1B2C3");
    expect(cleanHexInput("zz#12")).toBe("ZZ12");
  });
});
