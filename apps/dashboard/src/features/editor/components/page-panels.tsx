/**
 * The inspector of the build phase: what the selected item holds (a step's summary, the
 * start page, the finish page; the trigger page is trigger-panel.tsx).
 */
import {
  ALIGNMENTS,
  FINISH_TYPES,
  GAP_SIZES,
  IMAGE_POSITIONS,
  PADDING_SIZES,
  RADIUS_SIZES,
  RESULT_LAYOUT_TYPES,
  START_TYPES,
} from "@floow/domain";
import type { Device, FloowFinish, FloowStart, ResultsLayout, StartLayout } from "@floow/domain";
import { Badge, Button, Input } from "@floow/ui";
import { useEffect, useId, useState } from "react";
import { useEditor } from "../editor-context";
import { PanelSection, plainText, Row, SelectRow, SizeRow, Switch, TextRow } from "./controls";
import { PencilIcon } from "./icons";
import { ImageField } from "./image-field";
import { RichText } from "./rich-text-lazy";

const DEVICE_LABELS: Record<Device, string> = { mobile: "Mobile", desktop: "Desktop" };

/** A percentage as a slider (start page and results widths). */
function PercentRow({
  label,
  value,
  min,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  onChange: (value: number) => void;
}) {
  return (
    <Row label={`${label} ${value}%`}>
      <input
        type="range"
        min={min}
        max={100}
        step={5}
        value={value}
        aria-label={label}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-primary-600"
      />
    </Row>
  );
}

/** A whole number from 1 to `max` (columns, results in view). */
function CountRow({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const options = Array.from({ length: Math.max(max, value) }, (_, i) => String(i + 1));
  return (
    <SelectRow
      label={label}
      value={String(value)}
      options={options}
      onChange={(next) => onChange(Number(next))}
    />
  );
}

/**
 * The product attributes shown on each result card, as a comma-separated list (e.g.
 * `color, size`). The text is kept as typed; the list is what it names.
 */
function AttributesRow({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value.join(", "));
  const parse = (text: string) =>
    text
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
  // Changed elsewhere (Reload, the server's copy): show the new list.
  useEffect(() => {
    setDraft((current) =>
      JSON.stringify(parse(current)) === JSON.stringify(value) ? current : value.join(", "),
    );
  }, [value]);
  return (
    <div className="flex flex-col gap-1">
      <Row label="Attributes" htmlFor={id}>
        <Input
          id={id}
          className="h-9"
          value={draft}
          placeholder="color, size"
          onChange={(event) => {
            setDraft(event.target.value);
            onChange(parse(event.target.value));
          }}
        />
      </Row>
      <p className="pl-[8.25rem] text-xs text-grey-500">
        Product attributes listed on each result, separated by commas.
      </p>
    </div>
  );
}

export function StartPanel() {
  const { floow, updateFloow, model } = useEditor();
  const device = model.ui.device;
  const set = (fn: (start: FloowStart) => FloowStart) =>
    updateFloow((f) => ({ ...f, start: fn(f.start) }));
  const layout = floow.start[device];
  const setLayout = (patch: Partial<StartLayout>) =>
    set((s) => ({ ...s, [device]: { ...s[device], ...patch } }));
  return (
    <>
      <PanelSection title="Start page" description="What visitors see before the first question.">
        <SelectRow
          label="Type"
          value={floow.start.type}
          options={START_TYPES}
          labels={{ basic: "Show a start page", none: "Start with the first question" }}
          onChange={(type) => set((s) => ({ ...s, type }))}
        />
      </PanelSection>
      {floow.start.type === "none" ? null : (
        <PanelSection title="Content">
          <RichText
            label="Start text"
            placeholder="Welcome!"
            value={floow.start.text}
            onChange={(text) => set((s) => ({ ...s, text }))}
          />
          <ImageField
            label="Start image"
            value={floow.start.image}
            onChange={(image) => set((s) => ({ ...s, image }))}
          />
          <TextRow
            label="Button text"
            value={floow.start.button.text}
            onChange={(text) => set((s) => ({ ...s, button: { text } }))}
          />
        </PanelSection>
      )}
      <PanelSection
        title={`Layout · ${DEVICE_LABELS[device]}`}
        description="For the device chosen in the toolbar; the preview shows it."
      >
        <PercentRow
          label="Width"
          value={layout.width}
          min={20}
          onChange={(width) => setLayout({ width })}
        />
        <SelectRow
          label="Align"
          value={layout.align}
          options={ALIGNMENTS}
          onChange={(align) => setLayout({ align })}
        />
      </PanelSection>
    </>
  );
}

export function FinishPanel() {
  const { floow, updateFloow, model } = useEditor();
  const device = model.ui.device;
  const set = (fn: (finish: FloowFinish) => FloowFinish) =>
    updateFloow((f) => ({ ...f, finish: fn(f.finish) }));
  const results = floow.finish.results;
  const setResults = (patch: Partial<FloowFinish["results"]>) =>
    set((f) => ({ ...f, results: { ...f.results, ...patch } }));
  const layout = results[device];
  const setLayout = (patch: Partial<ResultsLayout>) =>
    set((f) => ({
      ...f,
      results: { ...f.results, [device]: { ...f.results[device], ...patch } },
    }));
  // A data floow has no product results (spec section 1).
  const types = floow.type === "data" ? (["basic"] as const) : FINISH_TYPES;
  return (
    <>
      <PanelSection
        title="Finish page"
        description={
          floow.type === "selling"
            ? "The results shown once the questions are answered."
            : "The message shown once the form is sent."
        }
      >
        <SelectRow
          label="Type"
          value={floow.finish.type}
          options={types}
          labels={{ results: "Product results", basic: "Message" }}
          onChange={(type) => set((f) => ({ ...f, type }))}
        />
      </PanelSection>
      <PanelSection title="Content">
        <RichText
          label="Finish text"
          placeholder="Thank you!"
          value={floow.finish.text}
          onChange={(text) => set((f) => ({ ...f, text }))}
        />
        <ImageField
          label="Finish image"
          value={floow.finish.image}
          onChange={(image) => set((f) => ({ ...f, image }))}
        />
      </PanelSection>
      {floow.finish.type === "results" ? (
        <PanelSection title="Results">
          <TextRow
            label="Image attribute"
            value={results.imageAttribute}
            onChange={(imageAttribute) => setResults({ imageAttribute })}
          />
          <TextRow
            label="Label attribute"
            value={results.labelAttribute}
            onChange={(labelAttribute) => setResults({ labelAttribute })}
          />
          <TextRow
            label="Product button"
            value={results.button.text}
            onChange={(text) => setResults({ button: { text } })}
          />
          <TextRow
            label="Show more"
            value={results.showMore.text}
            onChange={(text) => setResults({ showMore: { text } })}
          />
          <TextRow
            label="No results"
            value={results.placeholder.text}
            onChange={(text) => setResults({ placeholder: { ...results.placeholder, text } })}
          />
          <AttributesRow
            value={results.attributes}
            onChange={(attributes) => setResults({ attributes })}
          />
        </PanelSection>
      ) : null}
      {floow.finish.type === "results" ? (
        <PanelSection
          title={`Results layout · ${DEVICE_LABELS[device]}`}
          description="For the device chosen in the toolbar; the preview shows it."
        >
          <SelectRow
            label="Card type"
            value={layout.type}
            options={RESULT_LAYOUT_TYPES}
            onChange={(type) => setLayout({ type })}
          />
          <CountRow
            label="Columns"
            value={layout.columns}
            max={6}
            onChange={(columns) => setLayout({ columns })}
          />
          <CountRow
            label="In view"
            value={layout.inView}
            max={12}
            onChange={(inView) => setLayout({ inView })}
          />
          <PercentRow
            label="Width"
            value={layout.width}
            min={20}
            onChange={(width) => setLayout({ width })}
          />
          <SelectRow
            label="Image position"
            value={layout.imagePosition}
            options={IMAGE_POSITIONS}
            onChange={(imagePosition) => setLayout({ imagePosition })}
          />
          <SizeRow
            label="Gap"
            value={layout.gap}
            sizes={GAP_SIZES}
            onChange={(gap) => setLayout({ gap })}
          />
          <SizeRow
            label="Radius"
            value={layout.radius}
            sizes={RADIUS_SIZES}
            onChange={(radius) => setLayout({ radius })}
          />
          <SizeRow
            label="Padding"
            value={layout.padding}
            sizes={PADDING_SIZES}
            onChange={(padding) => setLayout({ padding })}
          />
          <Switch
            label="Shadow"
            checked={layout.shadow}
            onChange={(shadow) => setLayout({ shadow })}
          />
        </PanelSection>
      ) : null}
    </>
  );
}

export function StepPanel({ stepId }: { stepId: string }) {
  const { floow, dispatch } = useEditor();
  const index = floow.steps.findIndex((s) => s.id === stepId);
  const step = floow.steps[index];
  if (!step) return null;
  const stepTitle = (id: string | null) => {
    const i = floow.steps.findIndex((s) => s.id === id);
    return i === -1 ? "—" : `${i + 1}. ${plainText(floow.steps[i]?.text ?? "")}`;
  };
  return (
    <>
      <PanelSection
        title={`Step ${index + 1}`}
        actions={
          <Button
            size="sm"
            variant="outline"
            onClick={() => dispatch({ type: "modal/open", stepId })}
          >
            <PencilIcon size={14} />
            Edit step
          </Button>
        }
      >
        {/* Plain text: stored HTML is never injected into the dashboard. */}
        <p className="text-base font-medium text-grey-900">
          {plainText(step.text) || "Untitled question"}
        </p>
        {step.image ? (
          <img src={step.image} alt="" className="max-h-32 rounded-lg object-cover" />
        ) : null}
      </PanelSection>
      {step.type === "form" ? (
        <PanelSection title="Form inputs">
          <ul className="flex flex-col gap-1.5">
            {step.formInputs.map((input) => (
              <li
                key={input.id}
                className="flex items-center justify-between rounded-lg bg-grey-50 px-3 py-2 text-sm"
              >
                <span>{input.label || "Untitled input"}</span>
                <Badge>{input.type}</Badge>
              </li>
            ))}
          </ul>
        </PanelSection>
      ) : (
        <PanelSection title="Choices">
          {step.choices.length === 0 ? (
            <p className="text-sm text-grey-500">No choices yet.</p>
          ) : null}
          <ul className="flex flex-col gap-1.5">
            {step.choices.map((choice, i) => (
              <li
                key={choice.id}
                className="flex items-center gap-2 rounded-lg bg-grey-50 px-3 py-2 text-sm text-grey-800"
              >
                {choice.image ? (
                  <img src={choice.image} alt="" className="size-6 rounded object-cover" />
                ) : null}
                {plainText(choice.text) || `Choice ${i + 1}`}
              </li>
            ))}
          </ul>
        </PanelSection>
      )}
      <PanelSection title="Conditions">
        {step.conditions.length === 0 ? (
          <p className="text-sm text-grey-500">None: the next step follows.</p>
        ) : null}
        <ul className="flex flex-col gap-1.5">
          {step.conditions.map((condition) => {
            const choice = step.choices.find((c) => c.id === condition.conditionChoiceId);
            const when =
              condition.condition === "always"
                ? "Always"
                : `${condition.condition === "selected" ? "If" : "If not"} “${plainText(choice?.text ?? "") || "?"}”`;
            const then =
              condition.consequence === "goToFinish"
                ? "finish"
                : stepTitle(condition.consequenceStepId);
            return (
              <li
                key={condition.id}
                className="rounded-lg bg-grey-50 px-3 py-2 text-xs text-grey-700"
              >
                <span className="font-medium">{when}</span> →{" "}
                {condition.consequence === "goToStep" || condition.consequence === "goToFinish"
                  ? then
                  : `${condition.consequence === "showChoices" ? "show" : "hide"} choices of ${then}`}
              </li>
            );
          })}
        </ul>
      </PanelSection>
    </>
  );
}
