import { createFloow } from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import { Toaster } from "@floow/ui";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import { GeneralSettings } from "./settings";
import { TriggerPanel } from "./triggers";
import type { EditorApi } from "./editor-api";
import { fakeEditorApi } from "../../test/fake-editor-api";
import { EditorProvider, useEditor } from "./editor-context";

function fakeApi(saveFloow: EditorApi["saveFloow"]): EditorApi {
  return fakeEditorApi({ saveFloow });
}

function Probe() {
  const { floow, save } = useEditor();
  return (
    <>
      <output data-testid="floow">{JSON.stringify(floow)}</output>
      <button type="button" onClick={() => void save()}>
        Save now
      </button>
    </>
  );
}

const shown = (): Floow => JSON.parse(screen.getByTestId("floow").textContent ?? "{}") as Floow;

function setup(
  api: EditorApi,
  floow = createFloow("selling", { id: "f1", domainId: "d1", name: "Shoes" }),
) {
  render(
    <EditorProvider initial={{ ...floow, version: 1 }} domain={null} api={api}>
      <TriggerPanel />
      <GeneralSettings />
      <Probe />
      <Toaster />
    </EditorProvider>,
  );
}

async function createTrigger(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Create trigger" }));
  const dialog = await screen.findByRole("dialog", { name: "Create Trigger" });
  await user.type(within(dialog).getByLabelText("Route"), "/shop");
  await user.click(within(dialog).getByRole("button", { name: "Next" }));
  await user.type(within(dialog).getByLabelText("Value"), "finder");
  await user.click(within(dialog).getByRole("button", { name: "Create" }));
  return dialog;
}

describe("EditorProvider", () => {
  it("a trigger that cannot be saved keeps the dialog open with the error and is not kept", async () => {
    const user = userEvent.setup();
    const saveFloow = vi.fn<EditorApi["saveFloow"]>().mockRejectedValueOnce(new Error("offline"));
    saveFloow.mockImplementation(async (floow, version) => ({ ...floow, version: version + 1 }));
    setup(fakeApi(saveFloow));

    const dialog = await createTrigger(user);
    expect(await within(dialog).findByRole("alert")).toHaveProperty(
      "textContent",
      "Something went wrong saving the floow",
    );
    expect(screen.getByRole("dialog", { name: "Create Trigger" })).toBeTruthy();
    expect((within(dialog).getByLabelText("Value") as HTMLInputElement).value).toBe("finder");
    expect(shown().triggers).toEqual([]);

    // Trying again saves it, with the spec's `Floow saved`, and closes the dialog.
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Create Trigger" })).toBeNull(),
    );
    expect(await screen.findByText("Floow saved")).toBeTruthy();
    expect(shown().triggers).toMatchObject([{ route: "/shop", value: "finder" }]);
    expect(saveFloow.mock.lastCall?.[0].triggers).toHaveLength(1);
  });

  it("a conflict leaves the trigger for Overwrite and closes the dialog", async () => {
    const user = userEvent.setup();
    const conflict = new TRPCClientError("changed", {
      result: { error: { data: { code: "CONFLICT" } } } as never,
    });
    Object.assign(conflict, { data: { code: "CONFLICT" } });
    setup(fakeApi(vi.fn().mockRejectedValue(conflict)));
    await createTrigger(user);
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Create Trigger" })).toBeNull(),
    );
    expect(shown().triggers).toHaveLength(1);
  });

  it("takes the server's copy where it differs from what was saved", async () => {
    const user = userEvent.setup();
    const data = createFloow("data", { id: "f2", domainId: "d1", name: "Form" });
    setup(
      fakeApi(async (floow, version) => ({
        ...floow,
        finish: { ...floow.finish, type: "basic" },
        updatedAt: "2030-01-01T00:00:00.000Z",
        version: version + 1,
      })),
      { ...data, finish: { ...data.finish, type: "results" } },
    );
    // A data floow's creation settings are the user's: the switch is there and works.
    await user.click(screen.getAllByRole("switch", { name: /Skip trigger/ })[0]!);
    await user.click(screen.getByRole("button", { name: "Save now" }));
    await waitFor(() => expect(shown().finish.type).toBe("basic"));
    expect(shown().skipTrigger).toBe(false);
  });

  it("an emptied name says so and is not saved; leaving the field puts the name back", async () => {
    const user = userEvent.setup();
    setup(fakeApi(async (floow, version) => ({ ...floow, version: version + 1 })));
    const name = screen.getByLabelText("Name");
    await user.clear(name);
    expect(screen.getByText("Please enter a floow name.")).toBeTruthy();
    expect(shown().name).toBe("Shoes");
    await user.tab();
    expect((name as HTMLInputElement).value).toBe("Shoes");
    await user.type(name, " finder");
    expect(shown().name).toBe("Shoes finder");
  });
});
