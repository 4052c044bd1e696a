import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper, type FakeProcedures } from "../../test/fake-trpc";
import { SupportDialog } from "./support-dialog";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

function renderDialog(handlers: FakeProcedures) {
  const onOpenChange = vi.fn();
  render(<SupportDialog open onOpenChange={onOpenChange} />, {
    wrapper: fakeTrpcWrapper(handlers),
  });
  return { onOpenChange };
}

const base = {
  "user.get": () => ({
    user: {
      user_id: "u1",
      name: "Jan Jansen",
      email: "jan@shop.example",
      title: "",
      picture: null,
    },
  }),
  "support.config": () => ({ email: "support@floow.example" }),
};

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("SupportDialog", () => {
  it("fills in the user, asks for subject and description, sends the ticket with the page address and closes", async () => {
    const create = vi.fn(() => ({ id: "t1" }));
    const { onOpenChange } = renderDialog({ ...base, "support.create": create });
    await waitFor(() =>
      expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("jan@shop.example"),
    );
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Jan Jansen");

    await userEvent.click(screen.getByRole("button", { name: "Send ticket" }));
    expect(await screen.findByText("Please provide a subject")).toBeTruthy();
    expect(screen.getByText("Please provide a short description")).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText("Category (optional)"), "Bug");
    await userEvent.type(screen.getByLabelText("Subject"), "Feed error");
    await userEvent.type(
      screen.getByLabelText("Description"),
      "The feed shows an error since Monday.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Send ticket" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        email: "jan@shop.example",
        name: "Jan Jansen",
        category: "bug",
        subject: "Feed error",
        comment: "The feed shows an error since Monday.",
        project: "floows",
        url: window.location.href,
      }),
    );
    expect(toast.success).toHaveBeenCalledWith("Ticket sent successfully", {
      description: "We will get in contact with you as soon as possible.",
    });
  });

  it("on failure keeps the dialog and offers Try again and a prefilled e-mail to support", async () => {
    const { onOpenChange } = renderDialog({
      ...base,
      "support.create": () => {
        throw new Error("down");
      },
    });
    await waitFor(() =>
      expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("jan@shop.example"),
    );
    await userEvent.type(screen.getByLabelText("Subject"), "Help");
    await userEvent.type(screen.getByLabelText("Description"), "Please call me.");
    await userEvent.click(screen.getByRole("button", { name: "Send ticket" }));

    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    const [title, options] = toast.error.mock.calls[0] as [
      string,
      {
        description: string;
        action: { label: string };
        cancel: { label: string; onClick: () => void };
      },
    ];
    expect(title).toBe("Failed to send ticket");
    expect(options.description).toBe(
      "Something went wrong while sending the ticket. Please try again, or send an email to support@floow.example",
    );
    expect(options.action.label).toBe("Try again");
    expect(options.cancel.label).toBe("Send email");
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    options.cancel.onClick();
    expect(open.mock.calls[0]?.[0]).toMatch(
      /^mailto:support@floow\.example\?subject=Help&body=Please%20call%20me\./,
    );
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe("Help");
  });
});
