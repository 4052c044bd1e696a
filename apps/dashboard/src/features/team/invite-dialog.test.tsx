import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper } from "../../test/fake-trpc";
import { InviteDialog } from "./invite-dialog";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("InviteDialog", () => {
  it("shows the spec's messages, then sends the invite payload", async () => {
    const create = vi.fn((input: unknown) => ({ id: "i1", ...(input as object), expires_at: "" }));
    const onOpenChange = vi.fn();
    render(<InviteDialog open onOpenChange={onOpenChange} />, {
      wrapper: fakeTrpcWrapper({ "invitation.create": create, "user.get": () => ({}) }),
    });
    const dialog = screen.getByRole("dialog", { name: "Invite Teammember" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText("Must be a valid email address")).toBeTruthy();
    expect(within(dialog).getByText("Please select a role")).toBeTruthy();
    // Only Floow's roles are offered.
    expect(
      within(dialog)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Select a role", "Admin", "Member"]);

    await userEvent.type(within(dialog).getByLabelText("Email"), "new@acme.example");
    await userEvent.selectOptions(within(dialog).getByLabelText("Role"), "member");
    await userEvent.type(within(dialog).getByLabelText("Title (optional)"), "Designer");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        email: "new@acme.example",
        role: "member",
        name: "",
        title: "Designer",
      }),
    );
    expect(toast.success).toHaveBeenCalledWith("Invitation sent to new@acme.example");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("keeps a failure in the dialog, without an error toast (the spec's silent case)", async () => {
    render(<InviteDialog open onOpenChange={() => undefined} />, {
      wrapper: fakeTrpcWrapper({
        "invitation.create": () => {
          throw new Error("The invitation e-mail could not be sent. Please try again.");
        },
      }),
    });
    const dialog = screen.getByRole("dialog", { name: "Invite Teammember" });
    await userEvent.type(within(dialog).getByLabelText("Email"), "new@acme.example");
    await userEvent.selectOptions(within(dialog).getByLabelText("Role"), "admin");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "The invitation e-mail could not be sent. Please try again.",
    );
    expect(toast.error).not.toHaveBeenCalled();
  });
});
