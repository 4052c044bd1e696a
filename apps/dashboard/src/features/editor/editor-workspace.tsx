/**
 * The editor's workspace per phase: floow (settings beside a preview), build (outline,
 * canvas in the flow, style or preview state, inspector) and launch.
 */
import { EDITOR_FLOW_VIEWS, EDITOR_STATES } from "./state";
import { EDITOR_SCALE_DEFAULT } from "@floow/domain/shared";
import type { EditorState } from "./state";
import type { StepStyle } from "@floow/domain/floow";
import { useCallback, useEffect, useState } from "react";
import { useEditor } from "./editor-context";
import { DeadEndsPanel, InsightsProvider } from "./insights";
import { AiSuggestionDialog } from "./ai";
import type { SuggestionParts, SuggestionSource } from "./ai";
import { humanize, MinusIcon, MonitorIcon, PhoneIcon, Segmented } from "./shared";
import { EditorToolbar } from "./toolbar";
import { FlowGraph, StepList } from "./flow";
import { LaunchPanel } from "./launch";
import { FinishPanel, StartPanel, StepPanel } from "./pages";
import { DeviceFrame, RuntimePreview } from "./preview";
import type { PreviewTarget } from "./preview";
import { SettingsPanel } from "./settings";
import { StepModal } from "./step";
import { StylePanel } from "./style";
import { TriggerPanel } from "./triggers";
import { cn, PlusIcon } from "@floow/ui";
import { paneClassName, PhonePaneSwitcher, type BuildPane } from "./build-panes";

const STATE_LABELS: Record<EditorState, string> = {
  flow: "Flow",
  style: "Style",
  preview: "Preview",
};
const SCALES = [50, 75, 100, 125] as const;

/** `reviewOnLaunch`: the launch phase opens with its publish dialog (the floows list's Publish). */
export function EditorWorkspace({ reviewOnLaunch = false }: { reviewOnLaunch?: boolean }) {
  const { model, floow, api, appendSteps, updateFloow } = useEditor();
  const [suggesting, setSuggesting] = useState(false);
  const [source, setSource] = useState<SuggestionSource>(null);
  const suggest = api.suggest;
  const { suggestSource } = api;
  useEffect(() => {
    if (suggesting && suggestSource) suggestSource().then(setSource, () => setSource(null));
  }, [suggesting, suggestSource]);
  // The suggested steps, then the filters of their choices (the offline suggester fills them in).
  const addSuggestion = (parts: SuggestionParts) => {
    appendSteps(parts.steps);
    if (parts.filters.length > 0)
      updateFloow((f) => ({
        ...f,
        filterGroups: [...f.filterGroups, ...parts.filterGroups],
        filters: [...f.filters, ...parts.filters],
      }));
  };

  return (
    <InsightsProvider>
      {/* Below `lg` the dashboard's top bar (the menu button) sits above the editor. */}
      <div className="flex h-[calc(100dvh-var(--spacing-top-bar))] flex-col bg-grey-50 lg:h-dvh">
        <EditorToolbar />
        <div className="flex min-h-0 flex-1 flex-col md:flex-row">
          {model.ui.phase === "floow" ? <FloowPhase /> : null}
          {model.ui.phase === "build" ? (
            <BuildPhase onSuggest={suggest ? () => setSuggesting(true) : undefined} />
          ) : null}
          {model.ui.phase === "launch" ? (
            <div className="min-h-0 flex-1 overflow-y-auto">
              <LaunchPanel reviewOnOpen={reviewOnLaunch} />
            </div>
          ) : null}
        </div>
        <StepModal />
        {suggest ? (
          <AiSuggestionDialog
            open={suggesting}
            onOpenChange={setSuggesting}
            floow={floow}
            suggest={suggest}
            source={source}
            onSuggestion={addSuggestion}
          />
        ) : null}
      </div>
    </InsightsProvider>
  );
}

function FloowPhase() {
  return (
    <>
      <aside
        className="flex min-h-0 flex-1 flex-col border-grey-200 bg-white md:w-80 md:flex-none md:shrink-0 md:border-r xl:w-88"
        aria-label="Floow settings"
      >
        <SettingsPanel />
      </aside>
      <PreviewCanvas />
    </>
  );
}

function BuildPhase({ onSuggest }: { onSuggest?: () => void }) {
  const { model, setUi, dispatch, floow } = useEditor();
  const { ui, selection } = model;
  const [draftStyle, setDraftStyle] = useState<StepStyle | null>(null);
  const onDraft = useCallback((style: StepStyle | null) => setDraftStyle(style), []);
  const [pane, setPane] = useState<BuildPane>("steps");

  return (
    <>
      <PhonePaneSwitcher
        pane={pane}
        onChange={(next) => {
          // On a phone the canvas pane is for the preview; the flow diagram wants more room.
          if (next === "preview" && ui.state === "flow") setUi({ state: "preview" });
          setPane(next);
        }}
      />
      <aside
        className={cn(
          paneClassName(pane, "steps"),
          "min-h-0 flex-1 flex-col border-grey-200 bg-grey-50/80 md:w-60 md:flex-none md:shrink-0 md:border-r xl:w-72",
        )}
        aria-label="Outline"
      >
        <div className="min-h-0 flex-1 overflow-y-auto">
          <StepList onSuggest={onSuggest} onPick={() => setPane("edit")} />
        </div>
        <DeadEndsPanel />
      </aside>
      <section
        className={cn(paneClassName(pane, "preview"), "min-h-0 min-w-0 flex-1 flex-col")}
        aria-label="Canvas"
      >
        <div className="flex min-h-12 shrink-0 flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-grey-200 bg-white/80 px-4 py-2 backdrop-blur">
          <Segmented
            label="Editor state"
            value={ui.state}
            onChange={(state) => {
              // Styling needs a step: the first one when none is selected.
              if (state === "style" && !selection.stepId && floow.steps[0])
                dispatch({ type: "select/step", stepId: floow.steps[0].id });
              setUi({ state });
            }}
            options={EDITOR_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] }))}
          />
          {ui.state === "flow" ? (
            <Segmented
              size="sm"
              label="Flow view"
              value={ui.flowView}
              onChange={(flowView) => setUi({ flowView })}
              options={EDITOR_FLOW_VIEWS.map((view) => ({ value: view, label: humanize(view) }))}
            />
          ) : (
            <DeviceControls />
          )}
        </div>
        <div className="relative flex min-h-0 flex-1">
          {ui.state === "flow" ? (
            floow.steps.length === 0 ? (
              <EmptyCanvas />
            ) : (
              <FlowGraph />
            )
          ) : (
            <PreviewCanvas styleOverride={ui.state === "style" ? draftStyle : null} />
          )}
        </div>
      </section>
      <aside
        className={cn(
          paneClassName(pane, "edit"),
          "min-h-0 flex-1 flex-col border-grey-200 bg-white md:w-72 md:flex-none md:shrink-0 md:border-l xl:w-80",
        )}
        aria-label="Inspector"
      >
        {ui.state === "style" ? (
          <StylePanel onDraft={onDraft} />
        ) : (
          <div className="min-h-0 flex-1 overflow-y-auto">
            {selection.triggerOpen ? <TriggerPanel /> : null}
            {selection.finishOpen ? <FinishPanel /> : null}
            {selection.stepId ? <StepPanel stepId={selection.stepId} /> : null}
            {!selection.stepId && !selection.finishOpen && !selection.triggerOpen ? (
              <StartPanel />
            ) : null}
          </div>
        )}
      </aside>
    </>
  );
}

function EmptyCanvas() {
  const { addStep } = useEditor();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 bg-[radial-gradient(var(--color-grey-300)_1px,transparent_1px)] [background-size:18px_18px] p-8 text-center">
      <div className="flex max-w-sm flex-col items-center gap-3 rounded-2xl border border-grey-200 bg-white px-8 py-8 shadow-sm">
        <h2 className="text-lg font-semibold text-grey-900">Start with a question</h2>
        <p className="text-sm text-grey-600">
          Add the first step; its choices and conditions appear here as a flow you can follow.
        </p>
        <button
          type="button"
          onClick={addStep}
          className="mt-1 inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-primary-600 px-4 text-sm font-medium text-white shadow-xs hover:bg-primary-700"
        >
          <PlusIcon size={16} />
          Add first step
        </button>
      </div>
    </div>
  );
}

function DeviceControls() {
  const { model, setUi } = useEditor();
  const { device, scale } = model.ui;
  const index = SCALES.indexOf(scale as (typeof SCALES)[number]);
  return (
    <div className="flex items-center gap-2">
      <Segmented
        size="sm"
        label="Device"
        value={device}
        onChange={(next) => setUi({ device: next })}
        options={[
          { value: "mobile", label: <PhoneIcon size={15} />, title: "Mobile" },
          { value: "desktop", label: <MonitorIcon size={15} />, title: "Desktop" },
        ]}
      />
      <div
        className="flex items-center rounded-lg bg-grey-100 p-0.5"
        role="group"
        aria-label="Scale"
      >
        <button
          type="button"
          aria-label="Zoom out"
          disabled={index === 0}
          onClick={() => setUi({ scale: SCALES[Math.max(0, (index === -1 ? 2 : index) - 1)] })}
          className="inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-grey-600 hover:bg-white disabled:opacity-40"
        >
          <MinusIcon size={14} />
        </button>
        <button
          type="button"
          title="Reset scale"
          onClick={() => setUi({ scale: EDITOR_SCALE_DEFAULT })}
          className="w-11 cursor-pointer text-center text-xs font-medium text-grey-700 tabular-nums"
        >
          {scale}%
        </button>
        <button
          type="button"
          aria-label="Zoom in"
          disabled={index === SCALES.length - 1}
          onClick={() =>
            setUi({ scale: SCALES[Math.min(SCALES.length - 1, (index === -1 ? 2 : index) + 1)] })
          }
          className="inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-grey-600 hover:bg-white disabled:opacity-40"
        >
          <PlusIcon size={14} />
        </button>
      </div>
    </div>
  );
}

function PreviewCanvas({ styleOverride = null }: { styleOverride?: StepStyle | null }) {
  const { model, floow, domain, api } = useEditor();
  const { ui, selection } = model;
  const target: PreviewTarget = selection.finishOpen
    ? { kind: "finish" }
    : selection.stepId
      ? { kind: "step", stepId: selection.stepId }
      : { kind: "start" };
  // The style panel's unapplied draft shows on the step it would apply to.
  const shown =
    styleOverride && selection.stepId
      ? {
          ...floow,
          steps: floow.steps.map((s) =>
            s.id === selection.stepId ? { ...s, [ui.device]: styleOverride } : s,
          ),
        }
      : floow;
  return (
    // The floow phase's preview beside its settings needs room: not on a phone.
    <div
      className={cn(
        "min-h-0 min-w-0 flex-1 flex-col",
        ui.phase === "floow" ? "hidden md:flex" : "flex",
      )}
    >
      {ui.phase === "floow" ? (
        <div className="flex h-12 shrink-0 items-center justify-end border-b border-grey-200 bg-white/80 px-4">
          <DeviceControls />
        </div>
      ) : null}
      <div className="min-h-0 flex-1 overflow-auto bg-[radial-gradient(var(--color-grey-300)_1px,transparent_1px)] [background-size:18px_18px] p-4 md:p-8">
        <DeviceFrame device={ui.device} scale={ui.scale}>
          <RuntimePreview
            floow={shown}
            domain={domain}
            device={ui.device}
            target={target}
            results={api.previewResults}
          />
        </DeviceFrame>
      </div>
    </div>
  );
}
