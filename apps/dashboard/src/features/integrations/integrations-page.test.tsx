import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper, type FakeProcedures } from "../../test/fake-trpc";
import { IntegrationsPage } from "./integrations-page";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

const bundle = (role: "admin" | "member") => ({
  roles: [role],
  domains: [{ id: "d1", name: "Velo shop" }],
});

function renderPage(procedures: FakeProcedures) {
  return render(
    <Suspense fallback="loading">
      <IntegrationsPage />
    </Suspense>,
    { wrapper: fakeTrpcWrapper(procedures) },
  );
}

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("IntegrationsPage", () => {
  it("shows seventeen cards; Klaviyo's setup saves with 'Integration saved'", async () => {
    const create = vi.fn((input: unknown) => ({
      id: "i1",
      integrationConfigurationId: "klaviyo",
      keyHint: "pk_…3456",
      ...(input as object),
    }));
    renderPage({
      "user.get": () => bundle("admin"),
      "integration.list": () => [],
      "integration.create": create,
    });
    const list = await screen.findByRole("list", { name: "Integrations" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(17);
    expect(screen.getAllByText("Not available yet: no setup for this tool so far.")).toHaveLength(
      16,
    );
    await userEvent.click(screen.getByRole("button", { name: "Set up" }));
    const dialog = screen.getByRole("dialog", { name: "Set up Klaviyo" });
    await userEvent.type(within(dialog).getByLabelText("Private API key"), "pk_abcdef123456");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Integration" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Integration saved"));
    expect(create).toHaveBeenCalledWith({ domainId: "d1", privateKey: "pk_abcdef123456" });
  });

  it("says so when saving fails", async () => {
    renderPage({
      "user.get": () => bundle("admin"),
      "integration.list": () => [],
      "integration.create": () => {
        throw new Error("down");
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Set up" }));
    const dialog = screen.getByRole("dialog", { name: "Set up Klaviyo" });
    await userEvent.type(within(dialog).getByLabelText("Private API key"), "pk_abcdef123456");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Integration" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Something went wrong saving the integration"),
    );
    expect(screen.getByRole("dialog", { name: "Set up Klaviyo" })).toBeTruthy();
  });

  it("a member sees what is connected, with the key's hint only, and cannot set it up", async () => {
    renderPage({
      "user.get": () => bundle("member"),
      "integration.list": () => [
        {
          id: "i1",
          domainId: "d1",
          integrationConfigurationId: "klaviyo",
          keyHint: "pk_…3456",
          settings: {},
          createdAt: "",
          updatedAt: "",
        },
      ],
    });
    expect(await screen.findByText("Velo shop")).toBeTruthy();
    expect(screen.getByText("pk_…3456")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Set up/ })).toBeNull();
    expect(screen.getByText("An admin can set this up.")).toBeTruthy();
  });
});
