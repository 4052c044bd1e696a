import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper } from "../../test/fake-trpc";
import { DomainTracking } from "./domain-tracking";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

const saved = {
  domainId: "d1",
  consentSource: "auto",
  consentDefault: "denied",
  datalayerPurchases: false,
};

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("DomainTracking", () => {
  it("shows the saved settings and lets an admin save the consent source, default and GA4 purchases", async () => {
    const update = vi.fn((input: unknown) => input);
    render(<DomainTracking domainId="d1" />, {
      wrapper: fakeTrpcWrapper({
        "user.get": () => ({ roles: ["admin"] }),
        "domain.tracking": () => saved,
        "domain.updateTracking": update,
      }),
    });
    const source = await screen.findByLabelText("Consent source");
    expect((source as HTMLSelectElement).value).toBe("auto");
    await userEvent.selectOptions(source, "consent-mode");
    await userEvent.selectOptions(screen.getByLabelText("Without a signal"), "granted");
    await userEvent.click(screen.getByRole("switch", { name: /Count GA4 purchases/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Domain saved"));
    expect(update).toHaveBeenCalledWith({
      domainId: "d1",
      consentSource: "consent-mode",
      consentDefault: "granted",
      datalayerPurchases: true,
    });
  });

  it("shows a member the settings read-only", async () => {
    render(<DomainTracking domainId="d1" />, {
      wrapper: fakeTrpcWrapper({
        "user.get": () => ({ roles: ["member"] }),
        "domain.tracking": () => saved,
      }),
    });
    const source = await screen.findByLabelText("Consent source");
    expect((source as HTMLSelectElement).closest("fieldset")?.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.getByText("Only admins can change these settings.")).toBeTruthy();
  });
});
