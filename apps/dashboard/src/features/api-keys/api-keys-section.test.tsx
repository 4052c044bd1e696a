import type { ApiKey } from "@floow/domain/api-key";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper, FakeServerError } from "../../test/fake-trpc";
import { ApiKeysSection } from "./api-keys-section";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

const KEY = "flw_live_abcdEFGHijklMNOPqrstUVWXyz012345";
const used: ApiKey = {
  id: "k1",
  name: "Order system",
  prefix: "flw_live_abcd",
  scopes: ["conversions:write"],
  createdAt: "2026-11-20T10:00:00.000Z",
  createdBy: "u1",
  lastUsedAt: "2026-11-25T14:05:00.000Z",
  revokedAt: null,
};

describe("ApiKeysSection", () => {
  it("creates a key with its scopes and shows the key once, then only its prefix", async () => {
    let keys: ApiKey[] = [];
    const create = vi.fn((input: unknown) => {
      const apiKey: ApiKey = {
        ...used,
        id: "k2",
        name: (input as { name: string }).name,
        scopes: (input as { scopes: ApiKey["scopes"] }).scopes,
        lastUsedAt: null,
      };
      keys = [apiKey];
      return { apiKey, key: KEY };
    });
    render(<ApiKeysSection />, {
      wrapper: fakeTrpcWrapper({ "apiKey.list": () => keys, "apiKey.create": create }),
    });
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Create API Key" }));
    const dialog = screen.getByRole("dialog", { name: "Create API Key" });
    // Nothing picked: the scopes' message, no request.
    await userEvent.type(within(dialog).getByLabelText("Name"), "Warehouse");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(await within(dialog).findByText("Please pick at least one scope.")).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole("checkbox", { name: /events:read/ }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /conversions:write/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create key" }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        name: "Warehouse",
        scopes: ["conversions:write", "events:read"],
      }),
    );
    const shown = await screen.findByRole("dialog", { name: "Your new API key" });
    expect(within(shown).getByTestId("api-key-secret").textContent).toBe(KEY);
    expect(within(shown).getByText(/it is shown only once/)).toBeTruthy();
    await userEvent.click(within(shown).getByRole("button", { name: "Done" }));

    const row = await screen.findByRole("row", { name: "API key Warehouse" });
    expect(row.textContent).toContain("flw_live_abcd…");
    expect(row.textContent).toContain("Never");
    expect(document.body.textContent).not.toContain(KEY);
  });

  it("shows when a key was last used and revokes it after confirming", async () => {
    let keys: ApiKey[] = [used];
    const revoke = vi.fn(() => {
      keys = [{ ...used, revokedAt: "2026-11-26T09:00:00.000Z" }];
      return keys[0];
    });
    render(<ApiKeysSection />, {
      wrapper: fakeTrpcWrapper({ "apiKey.list": () => keys, "apiKey.revoke": revoke }),
    });
    const row = await screen.findByRole("row", { name: "API key Order system" });
    expect(within(row).getByTestId("api-key-last-used").textContent).toMatch(/25-11-2026/);

    await userEvent.click(within(row).getByRole("button", { name: "Revoke Order system" }));
    const confirm = screen.getByRole("alertdialog", { name: "Revoke API Key" });
    expect(confirm.textContent).toContain("stops working at once");
    await userEvent.click(within(confirm).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith({ id: "k1" }));
    expect(toast.success).toHaveBeenCalledWith("Order system revoked");
    await waitFor(() =>
      expect(screen.getByRole("row", { name: "API key Order system" }).textContent).toContain(
        "Revoked",
      ),
    );
    expect(screen.queryByRole("button", { name: "Revoke Order system" })).toBeNull();
  });

  it("shows the server's reason at the field", async () => {
    render(<ApiKeysSection />, {
      wrapper: fakeTrpcWrapper({
        "apiKey.list": () => [],
        "apiKey.create": () => {
          throw new FakeServerError("Validation failed", {
            fieldErrors: [{ path: ["name"], message: "Name can be a maximum of 200 characters." }],
          });
        },
      }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Create API Key" }));
    const dialog = screen.getByRole("dialog", { name: "Create API Key" });
    await userEvent.type(within(dialog).getByLabelText("Name"), "X");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /floows:read/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(
      await within(dialog).findByText("Name can be a maximum of 200 characters."),
    ).toBeTruthy();
  });
});
