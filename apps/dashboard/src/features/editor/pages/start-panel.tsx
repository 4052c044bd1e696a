import { ALIGNMENTS, START_TYPES, floowStartSchema } from "@floow/domain/floow";
import type { FloowStart, StartLayout } from "@floow/domain/floow";
import { useEditor } from "../editor-context";
import { FloowImageField, PanelSection, RichText, SelectRow, TextRow } from "../shared";
import { DEVICE_LABELS, PercentRow } from "./rows";

/** The start page's inspector: type, content and the layout per device. */
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
            schema={floowStartSchema.shape.text}
            value={floow.start.text}
            onChange={(text) => set((s) => ({ ...s, text }))}
          />
          <FloowImageField
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
