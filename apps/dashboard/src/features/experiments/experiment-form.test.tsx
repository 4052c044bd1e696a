import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ExperimentForm } from "./experiment-form";

const versions = [
  { number: 2, note: "Shorter start", live: true },
  { number: 1, note: "", live: false },
];

describe("ExperimentForm", () => {
  it("says by the shares when they do not add up to 100 %, and creates nothing", async () => {
    const onCreate = vi.fn();
    render(<ExperimentForm floowId="f1" versions={versions} onCreate={onCreate} />);
    const holdout = screen.getByLabelText("Holdout share (%)");
    await userEvent.clear(holdout);
    await userEvent.type(holdout, "20");
    expect(screen.getByText("110 %")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Create experiment" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Traffic shares must add up to 100 %. Now 110 %.",
    );
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("creates with the live version as A, another as B and a 10 % holdout by default", async () => {
    const onCreate = vi.fn(async () => undefined);
    render(<ExperimentForm floowId="f1" versions={versions} onCreate={onCreate} />);
    await userEvent.type(screen.getByLabelText("Name"), "Short start");
    await userEvent.click(screen.getByRole("button", { name: "Create experiment" }));
    expect(onCreate).toHaveBeenCalledWith({
      floowId: "f1",
      name: "Short start",
      variants: [
        { version: 2, share: 45 },
        { version: 1, share: 45 },
      ],
      holdoutShare: 10,
    });
  });

  it("shows the server's field error at its field", async () => {
    const onCreate = vi.fn(async () => {
      throw {
        message: "Version not found.",
        data: {
          code: "NOT_FOUND",
          httpStatus: 404,
          fieldErrors: [
            { path: ["variants", 1, "version"], message: "This version no longer exists." },
          ],
        },
      };
    });
    render(<ExperimentForm floowId="f1" versions={versions} onCreate={onCreate} />);
    await userEvent.click(screen.getByRole("button", { name: "Create experiment" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This version no longer exists.");
  });
});
