import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UserBundle } from "../../lib/trpc";
import { fakeTrpcWrapper } from "../../test/fake-trpc";
import { TeamSection } from "./team-section";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

const ada = {
  user_id: "u1",
  email: "ada@acme.example",
  name: "Ada Admin",
  role: "admin" as const,
  picture: null,
};
const max = {
  user_id: "u2",
  email: "max@acme.example",
  name: "Max Member",
  role: "member" as const,
  picture: null,
};

function bundle(
  me: typeof ada | typeof max,
  invitations: UserBundle["invitations"] = [],
): UserBundle {
  return {
    user: { user_id: me.user_id, name: me.name, email: me.email, title: "", picture: null },
    roles: [me.role],
    organization: {
      id: "o1",
      name: "Acme",
      display_name: "",
      email: "",
      branding: { logo_url: null },
      sector: null,
    },
    users: [ada, max],
    invitations,
    domains: [],
    floows: [],
    feeds: [],
    integrations: [],
    webhooks: [],
  } as unknown as UserBundle;
}

describe("TeamSection", () => {
  it("lets an admin change roles, remove a teammember after confirming, and manage invitations", async () => {
    const updateRole = vi.fn((input: unknown) => input);
    const remove = vi.fn((input: unknown) => ({ ...(input as object), left: false }));
    const resend = vi.fn(() => ({}));
    const revoke = vi.fn((input: unknown) => input);
    const invitations = [
      {
        id: "i1",
        email: "new@acme.example",
        role: "member" as const,
        name: "",
        expires_at: "2026-12-01T00:00:00.000Z",
      },
    ];
    render(<TeamSection data={bundle(ada, invitations)} />, {
      wrapper: fakeTrpcWrapper({
        "team.updateRole": updateRole,
        "team.remove": remove,
        "invitation.resend": resend,
        "invitation.revoke": revoke,
        "user.get": () => ({}),
      }),
    });
    const table = screen.getByRole("table", { name: "Team" });
    expect(within(table).getByText("ada@acme.example")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Invite Teammember" })).toBeTruthy();
    // The only admin cannot leave.
    expect(screen.queryByRole("button", { name: "Leave" })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText("Role of Max Member"), "admin");
    await waitFor(() => expect(updateRole).toHaveBeenCalledWith({ userId: "u2", role: "admin" }));
    expect(toast.success).toHaveBeenCalledWith("Max Member is now an admin");

    await userEvent.click(screen.getByRole("button", { name: "Remove" }));
    const dialog = screen.getByRole("alertdialog", { name: "Remove Teammember" });
    expect(dialog.textContent).toContain("Max Member loses access to Acme at once.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove Teammember" }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ userId: "u2" }));
    expect(toast.success).toHaveBeenCalledWith("Max Member removed");

    const pending = screen.getByRole("region", { name: "Pending invitations" });
    await userEvent.click(within(pending).getByRole("button", { name: "Resend" }));
    await waitFor(() => expect(resend).toHaveBeenCalledWith({ id: "i1" }));
    await userEvent.click(within(pending).getByRole("button", { name: "Revoke" }));
    await waitFor(() =>
      expect(revoke).toHaveBeenCalledWith({ id: "i1", email: "new@acme.example" }),
    );
  });

  it("shows a member the roles as labels, pending invitations without actions, and only their own Leave", async () => {
    render(
      <TeamSection
        data={bundle(max, [
          {
            email: "new@acme.example",
            role: "admin",
            name: "",
            expires_at: "2026-12-01T00:00:00.000Z",
          },
        ])}
      />,
      {
        wrapper: fakeTrpcWrapper({}),
      },
    );
    expect(screen.queryByRole("button", { name: "Invite Teammember" })).toBeNull();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(screen.getByRole("button", { name: "Leave" })).toBeTruthy();
    const pending = screen.getByRole("region", { name: "Pending invitations" });
    expect(pending.textContent).toContain("new@acme.example");
    expect(within(pending).queryByRole("button")).toBeNull();
  });

  it("keeps invitation failures silent (spec section 8)", async () => {
    render(
      <TeamSection
        data={bundle(ada, [
          {
            id: "i1",
            email: "new@acme.example",
            role: "member",
            name: "",
            expires_at: "2026-12-01T00:00:00.000Z",
          },
        ])}
      />,
      {
        wrapper: fakeTrpcWrapper({
          "invitation.resend": () => {
            throw new Error("down");
          },
          "user.get": () => ({}),
        }),
      },
    );
    await userEvent.click(screen.getByRole("button", { name: "Resend" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
