import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeServerError, fakeTrpcWrapper } from "../../test/fake-trpc";
import { PersonalForm } from "./personal-form";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@floow/ui", async (importOriginal) => ({ ...(await importOriginal<object>()), toast }));

const user = {
  user_id: "u1",
  name: "Ann Example",
  email: "ann@shop.example",
  title: "",
  picture: null,
};

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("PersonalForm", () => {
  it("saves the user's name and title ('Information updated'), never the e-mail", async () => {
    const update = vi.fn((input: unknown) => ({ ...user, ...(input as object) }));
    render(<PersonalForm user={user} />, {
      wrapper: fakeTrpcWrapper({ "user.update": update, "user.get": () => ({}) }),
    });
    expect((screen.getByLabelText("Email") as HTMLInputElement).readOnly).toBe(true);

    await userEvent.clear(screen.getByLabelText("Name"));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText("Name"), "Ann Jansen");
    await userEvent.type(screen.getByLabelText("Title"), "CMO");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Information updated"));
    expect(update).toHaveBeenCalledWith({ name: "Ann Jansen", title: "CMO", picture: null });
  });

  it("says so when saving fails", async () => {
    render(<PersonalForm user={user} />, {
      wrapper: fakeTrpcWrapper({
        "user.update": () => {
          throw new Error("down");
        },
      }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Something went wrong updating your information"),
    );
  });

  it("caps the fields at the server's limits and shows the server's refusal at its field, without a toast", async () => {
    const message = `Title can be a maximum of ${TEXT_LIMITS.personTitle} characters.`;
    render(<PersonalForm user={user} />, {
      wrapper: fakeTrpcWrapper({
        "user.update": () => {
          throw new FakeServerError(message, { fieldErrors: [{ path: ["title"], message }] });
        },
      }),
    });
    expect(screen.getByLabelText("Name").getAttribute("maxlength")).toBe(
      String(TEXT_LIMITS.personName),
    );
    expect(screen.getByLabelText("Title").getAttribute("maxlength")).toBe(
      String(TEXT_LIMITS.personTitle),
    );
    await userEvent.type(screen.getByLabelText("Title"), "CMO");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
