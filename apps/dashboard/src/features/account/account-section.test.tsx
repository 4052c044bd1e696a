import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper } from "../../test/fake-trpc";
import { AccountSection } from "./account-section";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

const user = {
  user_id: "u1",
  name: "Ada Admin",
  email: "ada@acme.example",
  title: "",
  picture: null,
};

describe("AccountSection", () => {
  it("Change Email checks the old address and says where the confirmation went", async () => {
    const changeEmail = vi.fn((input: unknown) => ({
      email: (input as { newEmail: string }).newEmail,
    }));
    render(<AccountSection user={user} />, {
      wrapper: fakeTrpcWrapper({ "user.changeEmail": changeEmail }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Change email" }));
    const dialog = screen.getByRole("dialog", { name: "Change Email" });
    await userEvent.type(within(dialog).getByLabelText("Old email"), "other@acme.example");
    await userEvent.type(within(dialog).getByLabelText("New email"), "ada@new.example");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send confirmation" }));
    expect(
      await within(dialog).findByText("Old email must match the current user email"),
    ).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText("Old email"));
    await userEvent.type(within(dialog).getByLabelText("Old email"), "ADA@acme.example");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send confirmation" }));
    expect((await within(dialog).findByRole("status")).textContent).toContain(
      "We sent a confirmation link to ada@new.example",
    );
    expect(changeEmail).toHaveBeenCalledWith({
      oldEmail: "ADA@acme.example",
      newEmail: "ada@new.example",
    });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("Change Password asks for the user's own e-mail and confirms the request", async () => {
    const request = vi.fn(() => ({ email: user.email }));
    render(<AccountSection user={user} />, {
      wrapper: fakeTrpcWrapper({ "user.requestPasswordChange": request }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    const dialog = screen.getByRole("dialog", { name: "Change Password" });
    await userEvent.type(within(dialog).getByLabelText("Email"), "someone@else.example");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send link" }));
    expect(
      await within(dialog).findByText("Email should be correct and match the user email"),
    ).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText("Email"));
    await userEvent.type(within(dialog).getByLabelText("Email"), user.email);
    await userEvent.click(within(dialog).getByRole("button", { name: "Send link" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        "Password change request sent to: ada@acme.example",
      ),
    );
  });

  it("Delete user: confirmation, 'User deleted' for 2000 ms, reload after 2 s", async () => {
    const remove = vi.fn((input: unknown) => ({ ...(input as object), organizationsDeleted: 0 }));
    const reload = vi.fn();
    render(<AccountSection user={user} reload={reload} />, {
      wrapper: fakeTrpcWrapper({ "user.remove": remove }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Delete user" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete user" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete user" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("User deleted", { duration: 2000 }),
    );
    expect(remove).toHaveBeenCalledWith({ userId: "u1" });
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it("Delete user failing shows the spec's failure text", async () => {
    render(<AccountSection user={user} reload={() => undefined} />, {
      wrapper: fakeTrpcWrapper({
        "user.remove": () => {
          throw new Error("down");
        },
      }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Delete user" }));
    await userEvent.click(
      within(screen.getByRole("alertdialog", { name: "Delete user" })).getByRole("button", {
        name: "Delete user",
      }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Something went wrong deleting the user"),
    );
  });
});
