import { VALIDATION_MESSAGES } from "@floow/domain/validation";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CreateDomainDialog, type CreateDomainValues } from "./create-domain-dialog";

const m = VALIDATION_MESSAGES.domain;

function Harness({ onCreate }: { onCreate: (values: CreateDomainValues) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <CreateDomainDialog open={open} onOpenChange={setOpen} onCreate={onCreate} />
    </>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole("button", { name: "Open" }));
  return screen.getByRole("dialog", { name: "Create Domain" });
}

describe("CreateDomainDialog", () => {
  it("asks for a name and a host on submit", async () => {
    const onCreate = vi.fn(async () => true);
    render(<Harness onCreate={onCreate} />);
    await openDialog();
    await userEvent.click(screen.getByRole("button", { name: "Create Domain" }));
    expect(await screen.findByText(m.nameRequired)).toBeTruthy();
    expect(screen.getByText(m.hostRequired)).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("checks the host on blur and while typing", async () => {
    render(<Harness onCreate={async () => true} />);
    await openDialog();
    const host = screen.getByLabelText("Host");
    await userEvent.type(host, "example");
    await userEvent.tab();
    expect(await screen.findByText(m.hostInvalid)).toBeTruthy();
    expect(m.hostInvalid).toBe(
      "Please enter a valid domain host in the format https://www.example.com, www.example.com or example.com",
    );
    await userEvent.type(host, ".com");
    // The debounced input validation clears the message once the host is valid.
    await waitFor(() => expect(screen.queryByText(m.hostInvalid)).toBeNull());
  });

  it("prepends www. on submit, closes, and opens empty again", async () => {
    const onCreate = vi.fn(async (_values: CreateDomainValues) => true);
    render(<Harness onCreate={onCreate} />);
    await openDialog();
    await userEvent.type(screen.getByLabelText("Name"), "Bike shop");
    await userEvent.type(screen.getByLabelText("Host"), "bikes.nl");
    await userEvent.click(screen.getByRole("button", { name: "Create Domain" }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledOnce());
    expect(onCreate.mock.calls[0]?.[0]).toEqual({
      values: { name: "Bike shop", host: "www.bikes.nl" },
      imageFile: null,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await openDialog();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Host") as HTMLInputElement).value).toBe("");
  });

  it("stays open with what was typed when creating fails", async () => {
    render(<Harness onCreate={async () => false} />);
    await openDialog();
    await userEvent.type(screen.getByLabelText("Name"), "Bike shop");
    await userEvent.type(screen.getByLabelText("Host"), "https://bikes.nl");
    await userEvent.click(screen.getByRole("button", { name: "Create Domain" }));
    await waitFor(() => expect(screen.getByRole("dialog")).toBeTruthy());
    expect((screen.getByLabelText("Host") as HTMLInputElement).value).toBe("https://bikes.nl");
  });

  it("hands over a picked image to upload", async () => {
    const onCreate = vi.fn(async (_values: CreateDomainValues) => true);
    render(<Harness onCreate={onCreate} />);
    await openDialog();
    await userEvent.type(screen.getByLabelText("Name"), "Bike shop");
    await userEvent.type(screen.getByLabelText("Host"), "www.bikes.nl");
    const file = new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" });
    await userEvent.upload(screen.getByLabelText("Image (optional)"), file);
    await userEvent.click(screen.getByRole("button", { name: "Create Domain" }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledOnce());
    expect(onCreate.mock.calls[0]?.[0].imageFile).toBe(file);
  });
});
