import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper, type FakeProcedures } from "../../test/fake-trpc";
import { ShopifyOrdersSection } from "./shopify-orders-section";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

const bundle = (role: "admin" | "member") => ({
  roles: [role],
  domains: [{ id: "d1", name: "Velo shop" }],
});

const linked = {
  id: "int-1",
  domainId: "d1",
  integrationConfigurationId: "shopify",
  keyHint: "…cdef",
  settings: { shop: "velo.myshopify.com" },
  createdAt: "",
  updatedAt: "",
};

function renderSection(procedures: FakeProcedures) {
  return render(
    <Suspense fallback="loading">
      <ShopifyOrdersSection domain={{ id: "d1", name: "Velo shop" }} />
    </Suspense>,
    { wrapper: fakeTrpcWrapper(procedures) },
  );
}

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("ShopifyOrdersSection", () => {
  it("an admin enters the shop and the signing secret and gets the address to paste in Shopify", async () => {
    let saved = false;
    const create = vi.fn(() => {
      saved = true;
      return linked;
    });
    renderSection({
      "user.get": () => bundle("admin"),
      "integration.list": () => (saved ? [linked] : []),
      "integration.create": create,
    });
    const form = await screen.findByRole("form", { name: "Shopify setup" });
    expect(screen.getByText("Not set up")).toBeTruthy();
    await userEvent.type(within(form).getByLabelText("Shop"), "velo.example.com");
    await userEvent.click(within(form).getByRole("button", { name: "Set up Shopify orders" }));
    expect(await within(form).findByText(/myshopify\.com address \(for example/)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    await userEvent.clear(within(form).getByLabelText("Shop"));
    await userEvent.type(within(form).getByLabelText("Shop"), "Velo.myshopify.com");
    await userEvent.type(
      within(form).getByLabelText("Webhook signing secret"),
      "0123456789abcdef0123456789abcdef",
    );
    await userEvent.click(within(form).getByRole("button", { name: "Set up Shopify orders" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Integration saved"));
    expect(create).toHaveBeenCalledWith({
      integrationConfigurationId: "shopify",
      domainId: "d1",
      shop: "velo.myshopify.com",
      signingSecret: "0123456789abcdef0123456789abcdef",
    });
    expect(
      await screen.findByText(`${window.location.origin}/api/integrations/int-1/receive`),
    ).toBeTruthy();
    expect(screen.getByText("Receiving")).toBeTruthy();
    expect(screen.getByText("Saved secret …cdef. Leave empty to keep it.")).toBeTruthy();
  });

  it("a member sees that orders arrive, without a form", async () => {
    renderSection({
      "user.get": () => bundle("member"),
      "integration.list": () => [linked],
    });
    expect(await screen.findByText("Receiving orders of velo.myshopify.com.")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Shopify setup" })).toBeNull();
  });
});
