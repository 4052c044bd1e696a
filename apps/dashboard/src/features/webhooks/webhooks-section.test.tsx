import type { WebhookDetails } from "@floow/domain/webhook";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper, type FakeProcedures } from "../../test/fake-trpc";
import { WebhooksSection } from "./webhooks-section";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

const domain = { id: "d1", name: "Velo shop" };
const bundle = (role: "admin" | "member") => ({
  roles: [role],
  floows: [{ id: "f1", domainId: "d1", name: "Bike advisor" }],
});
const hook: WebhookDetails = {
  id: "w1",
  organizationId: "o1",
  domainId: "d1",
  floowId: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  name: "Velo CRM",
  url: "https://crm.example.com/hooks",
  secret: "",
  headers: {},
  method: "POST",
  status: "inactive",
  events: ["finish", "form"],
  disabledReason: "The endpoint answered 410 Gone, so Floow stopped sending to it.",
  disabledAt: "2026-11-22T10:00:00.000Z",
};

function renderSection(procedures: FakeProcedures) {
  return render(
    <Suspense fallback="loading">
      <WebhooksSection domain={domain} />
    </Suspense>,
    { wrapper: fakeTrpcWrapper(procedures) },
  );
}

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("WebhooksSection", () => {
  it("an admin adds a webhook: POST, active, finish and form by default; the secret is shown once", async () => {
    const create = vi.fn((input: unknown) => ({
      webhook: { ...hook, ...(input as object) },
      secret: "whsec_c2VjcmV0",
    }));
    renderSection({
      "user.get": () => bundle("admin"),
      "webhook.list": () => [],
      "webhook.create": create,
      "webhook.deliveries": () => ({ deliveries: [], nextCursor: null }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Add Webhook" }));
    const dialog = screen.getByRole("dialog", { name: "Add Webhook" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Webhook" }));
    expect(await within(dialog).findAllByText("This field is required")).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText("Name"), "Velo CRM");
    await userEvent.type(within(dialog).getByLabelText("URL"), "https://crm.example.com/hooks");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Webhook" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Webhook saved"));
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        domainId: "d1",
        floowId: null,
        method: "POST",
        status: "active",
        events: ["finish", "form"],
        headers: {},
      }),
    );
    expect((await screen.findByTestId("webhook-secret")).textContent).toBe("whsec_c2VjcmV0");
  });

  it("says so when saving or deleting fails, and keeps what was typed", async () => {
    renderSection({
      "user.get": () => bundle("admin"),
      "webhook.list": () => [hook],
      "webhook.update": () => {
        throw new Error("down");
      },
      "webhook.remove": () => {
        throw new Error("down");
      },
    });
    const card = await screen.findByRole("article", { name: "Webhook Velo CRM" });
    await userEvent.click(within(card).getByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Webhook" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Webhook" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Something went wrong saving the webhook"),
    );
    expect((within(dialog).getByLabelText("Name") as HTMLInputElement).value).toBe("Velo CRM");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await userEvent.click(within(card).getByRole("button", { name: "Delete webhook Velo CRM" }));
    await userEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Something went wrong deleting the webhook"),
    );
  });

  it("deletes a webhook with 'Webhook deleted'", async () => {
    const remove = vi.fn(() => ({ id: "w1" }));
    renderSection({
      "user.get": () => bundle("admin"),
      "webhook.list": () => [hook],
      "webhook.remove": remove,
    });
    const card = await screen.findByRole("article", { name: "Webhook Velo CRM" });
    await userEvent.click(within(card).getByRole("button", { name: "Delete webhook Velo CRM" }));
    await userEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Webhook deleted"));
    expect(remove).toHaveBeenCalledWith({ id: "w1" });
  });

  it("a member sees the webhook and why Floow disabled it, but cannot change it", async () => {
    renderSection({ "user.get": () => bundle("member"), "webhook.list": () => [hook] });
    const card = await screen.findByRole("article", { name: "Webhook Velo CRM" });
    expect(within(card).getByText("Disabled")).toBeTruthy();
    expect(within(card).getByRole("alert").textContent).toContain("The endpoint answered 410 Gone");
    expect(screen.queryByRole("button", { name: "Add Webhook" })).toBeNull();
    expect(within(card).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(card).queryByRole("button", { name: "Rotate secret" })).toBeNull();
  });
});
