/**
 * Style of the steps (spec: style can be applied to the current step or to all steps).
 * The panel edits a draft of the selected step's style for the current device; the canvas
 * previews it, and the two buttons apply it with the spec's toasts.
 */
import { DIRECTIONS, IMAGE_POSITIONS, STYLE_TYPES, STYLE_VARIANTS } from "@floow/domain/floow";
import { GAP_SIZES, PADDING_SIZES, RADIUS_SIZES } from "@floow/domain/shared";
import type { StepStyle } from "@floow/domain/floow";
import { Button } from "@floow/ui";
import { useEffect, useState } from "react";
import { useEditor } from "../editor-context";
import { ColorRow, PanelSection, Row, SelectRow, SizeRow, Switch } from "../shared";

export function StylePanel({ onDraft }: { onDraft: (style: StepStyle | null) => void }) {
  const { floow, model, domain, applyStyle } = useEditor();
  const device = model.ui.device;
  const step = floow.steps.find((s) => s.id === model.selection.stepId) ?? floow.steps[0];
  const saved = step?.[device];
  const [draft, setDraft] = useState<StepStyle | null>(saved ?? null);

  // Another step or device: start from its style.
  useEffect(() => {
    setDraft(saved ?? null);
  }, [step?.id, device]); // eslint-disable-line react-hooks/exhaustive-deps -- only on a new target

  useEffect(() => {
    onDraft(draft);
    return () => onDraft(null);
  }, [draft, onDraft]);

  if (!step || !draft) {
    return <p className="px-5 py-6 text-sm text-grey-500">Add a step to style it.</p>;
  }
  const set = (patch: Partial<StepStyle>) => setDraft({ ...draft, ...patch });
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const index = floow.steps.indexOf(step);

  return (
    <div className="flex h-full flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto">
        <PanelSection
          title={`Step ${index + 1} · ${device === "mobile" ? "Mobile" : "Desktop"}`}
          description="Colours and the font come from the floow's domain."
        >
          <ColorRow label="Colour" value={draft.colorId} onChange={(colorId) => set({ colorId })} />
          {/* The floow and step models have no font field: the runtime sets every floow of
              a domain in the domain's first font (docs/editor.md, "Style"). */}
          {domain && domain.fonts.length > 0 ? (
            <Row label="Font">
              <span className="flex flex-col gap-0.5 text-sm text-grey-700">
                <span className="font-medium text-grey-900">{domain.fonts[0]?.name}</span>
                <span className="text-xs text-grey-500">
                  The domain’s first font, used for every step and every floow of the domain.
                  {domain.fonts.length > 1
                    ? ` Also on the domain: ${domain.fonts
                        .slice(1)
                        .map((font) => font.name)
                        .join(", ")}.`
                    : ""}
                </span>
              </span>
            </Row>
          ) : null}
        </PanelSection>
        <PanelSection title="Choices">
          <SelectRow
            label="Type"
            value={draft.type}
            options={STYLE_TYPES}
            onChange={(type) => set({ type })}
          />
          <SelectRow
            label="Variant"
            value={draft.variant}
            options={STYLE_VARIANTS}
            onChange={(variant) => set({ variant })}
          />
          <SelectRow
            label="Direction"
            value={draft.direction}
            options={DIRECTIONS}
            onChange={(direction) => set({ direction })}
          />
          <Row label="Columns">
            <input
              type="range"
              min={1}
              max={4}
              value={draft.columns}
              aria-label="Columns"
              onChange={(event) => set({ columns: Number(event.target.value) })}
              className="w-full accent-primary-600"
            />
          </Row>
          <Row label={`Width ${draft.width}%`}>
            <input
              type="range"
              min={20}
              max={100}
              step={5}
              value={draft.width}
              aria-label="Width"
              onChange={(event) => set({ width: Number(event.target.value) })}
              className="w-full accent-primary-600"
            />
          </Row>
          <SelectRow
            label="Image"
            value={draft.imagePosition}
            options={IMAGE_POSITIONS}
            onChange={(imagePosition) => set({ imagePosition })}
          />
        </PanelSection>
        <PanelSection title="Sizes">
          <SizeRow
            label="Radius"
            value={draft.radius}
            sizes={RADIUS_SIZES}
            onChange={(radius) => set({ radius })}
          />
          <SizeRow
            label="Padding"
            value={draft.padding}
            sizes={PADDING_SIZES}
            onChange={(padding) => set({ padding })}
          />
          <SizeRow
            label="Gap"
            value={draft.gap}
            sizes={GAP_SIZES}
            onChange={(gap) => set({ gap })}
          />
          <Switch label="Shadow" checked={draft.shadow} onChange={(shadow) => set({ shadow })} />
        </PanelSection>
      </div>
      <div className="flex flex-col gap-2 border-t border-grey-100 bg-white p-4">
        {dirty ? <p className="text-xs text-amber-700">Unapplied style changes</p> : null}
        <div className="flex flex-col gap-2">
          <Button onClick={() => applyStyle("current", draft)}>Apply to current step</Button>
          <Button variant="outline" onClick={() => applyStyle("all", draft)}>
            Apply to all steps
          </Button>
        </div>
      </div>
    </div>
  );
}
