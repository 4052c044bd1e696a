import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { EVENTS_DIALOG_TITLE, EventsExplanationButton } from "./events-explanation-dialog";

describe("the Events explanation", () => {
  it("has 4 pages with Back and Next, Close on the last, and opens at page 1 again", async () => {
    const user = userEvent.setup();
    render(<EventsExplanationButton />);
    await user.click(screen.getByRole("button", { name: EVENTS_DIALOG_TITLE }));
    const dialog = screen.getByRole("dialog", { name: EVENTS_DIALOG_TITLE });
    expect(dialog.textContent).toContain("1 of 4: What is a data layer?");
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    // The example is the runtime's own mount message of the example floow.
    const mount = await screen.findByLabelText("mount message");
    expect(mount.textContent).toContain('"event": "floows"');
    expect(mount.textContent).toContain('"type": "mount"');
    expect(mount.textContent).toContain('"floowId": "floow_example"');

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(dialog.textContent).toContain("2 of 4: User interactions");
    const choice = screen.getByLabelText("choice message");
    expect(choice.textContent).toContain('"type": "choice"');
    expect(choice.textContent).toContain('"text": "How will you use your bike?"');
    expect(choice.textContent).toContain('"selected": true');

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(dialog.textContent).toContain("3 of 4: Events previewer");
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Received events" }).textContent).toBe("mount"),
    );

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(dialog.textContent).toContain("2 of 4");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(dialog.textContent).toContain("4 of 4: Integrations");
    expect(screen.getByLabelText("finish message").textContent).toContain(
      '"name": "City bike Amsterdam"',
    );
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    // The footer's Close (the dialog's × is named Close too).
    await user.click(screen.getAllByRole("button", { name: "Close" }).at(-1)!);
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: EVENTS_DIALOG_TITLE }));
    expect(screen.getByRole("dialog").textContent).toContain("1 of 4: What is a data layer?");
  });
});
