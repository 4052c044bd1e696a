import {
  FINISH_TYPES,
  floowFinishSchema,
  IMAGE_POSITIONS,
  PARTIAL_RESULT_MODES,
  PRODUCT_LINK_TARGETS,
  RESULT_LAYOUT_TYPES,
} from "@floow/domain/floow";
import { productLink } from "@floow/domain/results";
import { GAP_SIZES, PADDING_SIZES, RADIUS_SIZES, TEXT_LIMITS } from "@floow/domain/shared";
import type { FloowFinish, ResultsLayout } from "@floow/domain/floow";
import { useEditor } from "../editor-context";
import {
  FloowImageField,
  PanelSection,
  RichText,
  SelectRow,
  SizeRow,
  Switch,
  TextRow,
} from "../shared";
import { AttributesRow, CountRow, DEVICE_LABELS, PercentRow } from "./rows";

/** The finish page's inspector: type, content, results texts and the results layout. */
export function FinishPanel() {
  const { floow, updateFloow, model } = useEditor();
  const device = model.ui.device;
  const set = (fn: (finish: FloowFinish) => FloowFinish) =>
    updateFloow((f) => ({ ...f, finish: fn(f.finish) }));
  const results = floow.finish.results;
  const setResults = (patch: Partial<FloowFinish["results"]>) =>
    set((f) => ({ ...f, results: { ...f.results, ...patch } }));
  // Floows saved before the setting have none: this tab, no UTM.
  const link = productLink(results);
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
          schema={floowFinishSchema.shape.text}
          value={floow.finish.text}
          onChange={(text) => set((f) => ({ ...f, text }))}
        />
        <FloowImageField
          label="Finish image"
          value={floow.finish.image}
          onChange={(image) => set((f) => ({ ...f, image }))}
        />
      </PanelSection>
      {floow.finish.type === "results" ? (
        <PanelSection title="Results">
          <TextRow
            label="Image attribute"
            maxLength={TEXT_LIMITS.key}
            value={results.imageAttribute}
            onChange={(imageAttribute) => setResults({ imageAttribute })}
          />
          <TextRow
            label="Label attribute"
            maxLength={TEXT_LIMITS.key}
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
          <SelectRow
            label="No full match"
            value={results.partial}
            options={PARTIAL_RESULT_MODES}
            labels={{
              ranked: "Closest matches, with “Matches: …”",
              placeholder: "The No results text",
            }}
            onChange={(partial) => setResults({ partial })}
          />
          <AttributesRow
            value={results.attributes}
            onChange={(attributes) => setResults({ attributes })}
          />
        </PanelSection>
      ) : null}
      {floow.finish.type === "results" ? (
        <PanelSection
          title="Product link"
          description="What a shopper's click on a product's button opens."
        >
          <SelectRow
            label="Product link opens in"
            value={link.target}
            options={PRODUCT_LINK_TARGETS}
            labels={{ self: "This tab", blank: "A new tab" }}
            onChange={(target) => setResults({ link: { ...link, target } })}
          />
          <Switch
            label="Add UTM parameters"
            description="utm_source=floow, utm_medium=guided-selling, utm_campaign=the floow's name; the product URL's own utm_* parameters are kept."
            checked={link.utm}
            onChange={(utm) => setResults({ link: { ...link, utm } })}
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
