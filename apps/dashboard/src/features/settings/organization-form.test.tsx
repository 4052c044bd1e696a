import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeTrpcWrapper } from "../../test/fake-trpc";
import { OrganizationForm } from "./organization-form";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

const organization = {
  id: "o1",
  name: "Acme",
  display_name: "Acme Inc.",
  email: "",
  branding: { logo_url: null },
  sector: null,
  attribution_window_days: 7,
};

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("OrganizationForm", () => {
  it("lets an admin save name, display name, e-mail and sector", async () => {
    const update = vi.fn((input: unknown) => ({ ...organization, ...(input as object) }));
    render(<OrganizationForm organization={organization} canEdit />, {
      wrapper: fakeTrpcWrapper({ "organization.update": update, "user.get": () => ({}) }),
    });
    await userEvent.clear(screen.getByLabelText("Organization name"));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please enter an organization name.")).toBeTruthy();

    await userEvent.type(screen.getByLabelText("Organization name"), "Acme Europe");
    await userEvent.type(screen.getByLabelText("Organization email"), "info at acme");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("E-mail should be valid")).toBeTruthy();

    await userEvent.clear(screen.getByLabelText("Organization email"));
    await userEvent.type(screen.getByLabelText("Organization email"), "info@acme.example");
    await userEvent.selectOptions(screen.getByLabelText("Sector"), "Retail");
    const window = screen.getByLabelText("Attribution window (days)");
    await userEvent.clear(window);
    await userEvent.type(window, "45");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Choose a number of days from 1 to 30.")).toBeTruthy();
    await userEvent.clear(window);
    await userEvent.type(window, "14");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Organization information updated"),
    );
    expect(update).toHaveBeenCalledWith({
      name: "Acme Europe",
      display_name: "Acme Inc.",
      email: "info@acme.example",
      sector: 9,
      branding: { logo_url: null },
      attribution_window_days: 14,
    });
  });

  it("says so when saving fails", async () => {
    render(<OrganizationForm organization={organization} canEdit />, {
      wrapper: fakeTrpcWrapper({
        "organization.update": () => {
          throw new Error("down");
        },
      }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Something went wrong updating the organization information",
      ),
    );
  });

  it("shows a member the settings read-only", () => {
    render(<OrganizationForm organization={organization} canEdit={false} />, {
      wrapper: fakeTrpcWrapper({}),
    });
    expect((screen.getByLabelText("Display name") as HTMLInputElement).value).toBe("Acme Inc.");
    expect(
      (screen.getByLabelText("Display name") as HTMLInputElement).closest("fieldset")?.disabled,
    ).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.getByText("Only admins can change the organization's settings.")).toBeTruthy();
  });

  it("takes names within the server's limits, and never shows or sends back a logo that is not http(s) or /blobs/", async () => {
    const update = vi.fn((input: unknown) => ({ ...organization, ...(input as object) }));
    const { container } = render(
      <OrganizationForm
        organization={{ ...organization, branding: { logo_url: "javascript:alert(1)" } }}
        canEdit
      />,
      { wrapper: fakeTrpcWrapper({ "organization.update": update, "user.get": () => ({}) }) },
    );
    expect(screen.getByLabelText("Organization name").getAttribute("maxlength")).toBe(
      String(TEXT_LIMITS.name),
    );
    expect(screen.getByLabelText("Organization email").getAttribute("maxlength")).toBe(
      String(TEXT_LIMITS.email),
    );
    expect(container.querySelector("img")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ branding: { logo_url: null } }));
  });
});
