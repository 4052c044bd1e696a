import { createFloow, createStep } from "@floow/domain/floow";
import type { Floow, FloowVersionList, VersionedFloow } from "@floow/domain/floow";
import type { CheckItem, PublishCheck } from "@floow/domain/publish";
import { Toaster } from "@floow/ui";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TRPCClientError } from "@trpc/client";
import type { Result } from "axe-core";
import { describe, expect, it, vi } from "vitest";
import { fakeEditorApi } from "../../../test/fake-editor-api";
import { fakeTrpcWrapper, type FakeProcedures } from "../../../test/fake-trpc";
import type { EditorApi } from "../editor-api";
import { EditorProvider, useEditor } from "../editor-context";
import { toCheckItem } from "./a11y-check";
import type * as A11yModule from "./a11y-check";
import { LaunchPanel } from "./launch-panel";
import { ReleaseBadges } from "./release-badges";

const a11yItems = vi.hoisted(() => ({ current: [] as CheckItem[] }));
// axe needs a real layout (the e2e journey runs it on the rendered draft); here its findings are given.
vi.mock("./a11y-check", async (original) => ({
  ...(await original<typeof A11yModule>()),
  checkAccessibility: async () => a11yItems.current,
}));

const step = createStep({ id: "s1", text: "<p>Which bike?</p>" });
const draft: Floow = {
  ...createFloow("data", { id: "f1", domainId: "d1", name: "Bikes" }),
  status: "live",
  steps: [step],
};

const versionList = (over: Partial<FloowVersionList> = {}): FloowVersionList => ({
  liveVersion: 2,
  draftChanged: true,
  versions: [2, 1].map((number) => ({
    number,
    note: number === 2 ? "Spring texts" : "",
    publishedAt: `2026-11-2${number}T10:00:00.000Z`,
    publishedBy: { id: "u1", name: "Ada Admin" },
    live: number === 2,
    stats: { sessions: 40, completed: 10, completionRate: 0.25, productClicks: 7 },
  })),
  ...over,
});

function setup({
  check,
  versions = versionList(),
  procedures = {},
  api = {},
}: {
  check?: PublishCheck;
  versions?: FloowVersionList;
  procedures?: FakeProcedures;
  api?: Partial<EditorApi>;
}) {
  const calls: { path: string; input: unknown }[] = [];
  const record = (path: string, answer: (input: unknown) => unknown) => (input: unknown) => {
    calls.push({ path, input });
    return answer(input);
  };
  const Wrapper = fakeTrpcWrapper({
    "floow.versions": () => versions,
    "floow.publishCheck": () => check ?? { liveVersion: 2, changes: [], items: [] },
    ...Object.fromEntries(Object.entries(procedures).map(([path, fn]) => [path, record(path, fn)])),
  });
  const publishFloow = vi.fn(async (id: string): Promise<VersionedFloow> => ({
    ...draft,
    id,
    version: 3,
  }));
  render(
    <Wrapper>
      <EditorProvider
        initial={{ ...draft, version: 2 }}
        domain={null}
        api={fakeEditorApi({ publishFloow, ...api })}
      >
        <Probe />
        <LaunchPanel />
      </EditorProvider>
      <Toaster />
    </Wrapper>,
  );
  return { publishFloow, calls };
}

/** What the editor shows besides the launch panel: the phase, the step modal, the draft. */
function Probe() {
  const { model } = useEditor();
  return (
    <output data-testid="probe">
      {model.ui.phase}|{model.editingStepId ?? "-"}|{model.floow.name}|{model.floow.status}
    </output>
  );
}

describe("the publish dialog", () => {
  it("lists the changes by area and publishes a clean draft in one click, with the note", async () => {
    const user = userEvent.setup();
    a11yItems.current = [];
    const { publishFloow } = setup({
      check: {
        liveVersion: 2,
        items: [],
        changes: [
          {
            area: "steps",
            kind: "changed",
            text: 'Step "Which bike?": question text changed',
            target: { page: "step", stepId: "s1" },
          },
          { area: "style", kind: "changed", text: "Button colour changed" },
        ],
      },
    });
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish version 3" });
    const changes = await within(dialog).findByTestId("change-list");
    expect(within(changes).getByRole("heading", { name: "Steps" })).toBeTruthy();
    expect(changes.textContent).toContain('Step "Which bike?": question text changed');
    expect(within(dialog).getByText("Changes since v2")).toBeTruthy();
    await within(dialog).findByTestId("check-clean");
    await user.type(within(dialog).getByLabelText("Note (optional)"), "New question");
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(publishFloow).toHaveBeenCalledWith("f1", "New question"));
    expect(await screen.findByText("Floow published")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("blocks publishing on errors, with the reason and a link to the place", async () => {
    const user = userEvent.setup();
    a11yItems.current = [
      {
        severity: "warning",
        rule: "a11y-region",
        message: "Start page: All page content should be contained by landmarks.",
      },
    ];
    const { publishFloow } = setup({
      check: {
        liveVersion: 2,
        changes: [],
        items: [
          {
            severity: "error",
            rule: "dead-end",
            message: 'Step "Which bike?": choice "Road" leads to no products.',
            target: { page: "step", stepId: "s1", choiceId: "c1" },
          },
        ],
      },
    });
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish version 3" });
    expect(await within(dialog).findByTestId("publish-blocked")).toBeTruthy();
    const items = within(dialog).getByTestId("check-items");
    expect(items.textContent).toContain("leads to no products");
    expect(items.textContent).toContain("landmarks");
    const publish = within(dialog).getByRole("button", { name: "Publish" });
    expect((publish as HTMLButtonElement).disabled).toBe(true);
    expect(publishFloow).not.toHaveBeenCalled();
    // The link closes the dialog and opens the step's modal in the build phase.
    await user.click(within(items).getByRole("button", { name: "Open the step" }));
    await waitFor(() => expect(screen.getByTestId("probe").textContent).toMatch(/^build\|s1\|/));
    expect(screen.queryByRole("dialog", { name: "Publish version 3" })).toBeNull();
  });

  it("lets warnings through: Publish anyway", async () => {
    const user = userEvent.setup();
    a11yItems.current = [
      {
        severity: "warning",
        rule: "a11y-image-alt",
        message: "Start page: Images must have alternate text.",
      },
    ];
    const { publishFloow } = setup({});
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish version 3" });
    // Checked: Publish anyway has the focus, so Enter publishes.
    const publish = await within(dialog).findByRole("button", { name: "Publish anyway" });
    await waitFor(() => expect(document.activeElement).toBe(publish));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(publishFloow).toHaveBeenCalledWith("f1", undefined));
  });

  it("says why when the server refuses the publish, under the spec's failure toast", async () => {
    const user = userEvent.setup();
    a11yItems.current = [];
    const refusal = "Fix the problems marked as errors before publishing.";
    const publishFloow = vi.fn(async () => {
      throw new TRPCClientError(refusal, {
        result: { error: { message: refusal, code: -32600, data: { code: "BAD_REQUEST" } } },
      } as never);
    });
    setup({ api: { publishFloow } });
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish version 3" });
    await within(dialog).findByTestId("check-clean");
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("Something went wrong publishing the floow")).toBeTruthy();
    expect(screen.getByText(refusal)).toBeTruthy();
    // The dialog stays, for the merchant to see the check again.
    expect(screen.getByRole("dialog", { name: "Publish version 3" })).toBeTruthy();
  });

  it("turns axe's serious and critical findings into errors, the rest into warnings", () => {
    const violation = (impact: Result["impact"]) =>
      ({
        id: "color-contrast",
        impact,
        help: "Elements must meet contrast",
        nodes: [{}, {}],
      }) as Result;
    expect(toCheckItem(violation("serious"), "Start page", { page: "start" })).toEqual({
      severity: "error",
      rule: "a11y-color-contrast",
      message: "Start page: Elements must meet contrast (2 elements).",
      target: { page: "start" },
    });
    expect(toCheckItem(violation("critical"), "Start page", { page: "start" }).severity).toBe(
      "error",
    );
    expect(toCheckItem(violation("moderate"), "Start page", { page: "start" }).severity).toBe(
      "warning",
    );
    expect(toCheckItem(violation("minor"), "Start page", { page: "start" }).severity).toBe(
      "warning",
    );
  });
});

describe("the floow's state and versions", () => {
  it("shows Live · v2 and unpublished changes, and says the launch sentence only then", async () => {
    setup({});
    const state = await screen.findAllByTestId("release-state");
    await waitFor(() => expect(state[0]?.textContent).toBe("Live · v2Draft · unpublished changes"));
    expect(screen.getByTestId("publish-sentence").textContent).toBe(
      "Visitors see the published version. Publish again to bring them your latest changes.",
    );
  });

  it("says Development for a floow that is not live", async () => {
    const Wrapper = fakeTrpcWrapper({
      "floow.versions": () => versionList({ liveVersion: null }),
    });
    render(
      <Wrapper>
        <EditorProvider
          initial={{ ...draft, status: "development", version: 1 }}
          domain={null}
          api={fakeEditorApi()}
        >
          <ReleaseBadges />
        </EditorProvider>
      </Wrapper>,
    );
    expect((await screen.findByTestId("release-state")).textContent).toBe("Development");
  });

  it("lists the versions with how each did, rolls back and restores after a confirmation", async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      procedures: {
        "floow.rollback": () => ({ ...draft, version: 2 }),
        "floow.restoreVersion": () => ({ ...draft, name: "Bikes as in v1", version: 3 }),
      },
    });
    const list = await screen.findByTestId("version-list");
    const rows = await within(list).findAllByTestId("version-row");
    expect(rows.map((row) => row.getAttribute("data-version"))).toEqual(["2", "1"]);
    expect(rows[0]?.textContent).toContain("Live");
    expect(rows[0]?.textContent).toContain("Spring texts");
    expect(rows[0]?.textContent).toContain("Ada Admin");
    expect(rows[0]?.textContent).toContain("25%");
    // The live version cannot be rolled back to; the other can.
    expect(within(rows[0] as HTMLElement).queryByRole("button", { name: "Roll back" })).toBeNull();

    await user.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Roll back" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Roll back to version 1?" });
    await user.click(within(confirm).getByRole("button", { name: "Roll back" }));
    expect(await screen.findByText("Version 1 is live again")).toBeTruthy();
    expect(calls).toContainEqual({ path: "floow.rollback", input: { id: "f1", number: 1 } });

    await user.click(
      within(rows[1] as HTMLElement).getByRole("button", { name: "Restore to draft" }),
    );
    const restore = await screen.findByRole("alertdialog", {
      name: "Restore version 1 to the draft?",
    });
    await user.click(within(restore).getByRole("button", { name: "Restore to draft" }));
    expect(await screen.findByText("Version 1 copied to the draft")).toBeTruthy();
    // The editor now holds the draft the server answered.
    await waitFor(() =>
      expect(screen.getByTestId("probe").textContent).toContain("Bikes as in v1"),
    );
  });
});
