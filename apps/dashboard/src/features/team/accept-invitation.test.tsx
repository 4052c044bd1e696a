import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper } from "../../test/fake-trpc";
import { AcceptInvitation } from "./accept-invitation";

const authClient = vi.hoisted(() => ({
  getSession: vi.fn(),
  signUp: { email: vi.fn() },
  signIn: { email: vi.fn() },
  signOut: vi.fn(),
}));
vi.mock("../../lib/auth-client", () => ({ authClient }));

const TOKEN = "t".repeat(43);

const facts = {
  email: "max@acme.example",
  name: "Max Member",
  role: "member" as const,
  organizationName: "Acme",
  inviterName: "Ada Admin",
  expired: false,
  userExists: false,
};

beforeEach(() => {
  vi.resetAllMocks();
  authClient.getSession.mockResolvedValue({ data: null });
});

describe("AcceptInvitation", () => {
  it("signs a new invitee up with the invited address, accepts, and goes home", async () => {
    authClient.signUp.email.mockResolvedValue({ error: null });
    const accept = vi.fn(() => ({ organizationId: "o1", organizationName: "Acme" }));
    const goHome = vi.fn();
    render(<AcceptInvitation token={TOKEN} goHome={goHome} />, {
      wrapper: fakeTrpcWrapper({ "invitation.lookup": () => facts, "invitation.accept": accept }),
    });
    expect(await screen.findByRole("heading", { name: "Join Acme" })).toBeTruthy();
    expect(screen.getByText(/Ada Admin invited you to join/).textContent).toContain("as a Member");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("max@acme.example");
    expect((screen.getByLabelText("Email") as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Max Member");
    await userEvent.type(screen.getByLabelText("Password"), "maple-trolley-quartz-88");
    await userEvent.click(screen.getByRole("button", { name: "Create account and join" }));
    await waitFor(() => expect(goHome).toHaveBeenCalled());
    expect(authClient.signUp.email).toHaveBeenCalledWith({
      email: "max@acme.example",
      password: "maple-trolley-quartz-88",
      name: "Max Member",
    });
    expect(accept).toHaveBeenCalledWith({ token: TOKEN });
  });

  it("shows the server's reason for a refused password and does not accept", async () => {
    authClient.signUp.email.mockResolvedValue({
      error: { message: "This password is too easy to guess. This is a top-10 common password." },
    });
    const accept = vi.fn();
    render(<AcceptInvitation token={TOKEN} goHome={() => undefined} />, {
      wrapper: fakeTrpcWrapper({ "invitation.lookup": () => facts, "invitation.accept": accept }),
    });
    await userEvent.type(await screen.findByLabelText("Password"), "password");
    await userEvent.click(screen.getByRole("button", { name: "Create account and join" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This password is too easy to guess. This is a top-10 common password.",
    );
    expect(accept).not.toHaveBeenCalled();
  });

  it("asks an existing account to sign in, and someone signed in with another address to sign out first", async () => {
    render(<AcceptInvitation token={TOKEN} goHome={() => undefined} />, {
      wrapper: fakeTrpcWrapper({ "invitation.lookup": () => ({ ...facts, userExists: true }) }),
    });
    expect(await screen.findByRole("button", { name: "Sign in and join" })).toBeTruthy();
    expect(screen.queryByLabelText("Name")).toBeNull();
  });

  it("offers to sign out when another account is signed in", async () => {
    authClient.getSession.mockResolvedValue({ data: { user: { email: "other@acme.example" } } });
    render(<AcceptInvitation token={TOKEN} goHome={() => undefined} />, {
      wrapper: fakeTrpcWrapper({ "invitation.lookup": () => facts }),
    });
    expect(await screen.findByRole("button", { name: "Sign out and continue" })).toBeTruthy();
    expect(
      screen.getByText(
        /This invitation is for max@acme.example, and you are signed in as other@acme.example/,
      ),
    ).toBeTruthy();
  });

  it("says when a link is not valid or has expired", async () => {
    const { unmount } = render(<AcceptInvitation token={TOKEN} goHome={() => undefined} />, {
      wrapper: fakeTrpcWrapper({
        "invitation.lookup": () => {
          throw new Error(
            "This invitation link is not valid. Ask an admin of the organization for a new one.",
          );
        },
      }),
    });
    expect(await screen.findByRole("heading", { name: "Invitation not valid" })).toBeTruthy();
    unmount();
    render(<AcceptInvitation token={TOKEN} goHome={() => undefined} />, {
      wrapper: fakeTrpcWrapper({ "invitation.lookup": () => ({ ...facts, expired: true }) }),
    });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This invitation has expired. Ask an admin of Acme to send a new one.",
    );
  });
});
