import { RadioGroup, RadioGroupItem } from "@floow/ui";
import { useEditor } from "../editor-context";
import { Row } from "./controls";

/** The radio value of "no colour chosen" (colour ids are UUIDs, so it never clashes). */
const DEFAULT = "default";

/** Picks one of the floow's domain colours (stored by id), or the default. */
export function ColorRow({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (colorId: string | null) => void;
}) {
  const { domain } = useEditor();
  const colors = domain?.colors ?? [];
  return (
    <Row label={label}>
      <div className="flex flex-wrap items-center gap-1.5">
        <RadioGroup
          variant="swatch"
          aria-label={label}
          value={value ?? DEFAULT}
          onValueChange={(next) => onChange(next === DEFAULT ? null : next)}
        >
          <RadioGroupItem
            value={DEFAULT}
            aria-label="Default"
            title="Default"
            className="bg-[linear-gradient(135deg,#fff_45%,#e11d48_45%,#e11d48_55%,#fff_55%)]"
          />
          {colors.map((color) => (
            <RadioGroupItem
              key={color.id}
              value={color.id}
              aria-label={color.name || `#${color.hex}`}
              title={color.name || `#${color.hex}`}
              style={{ backgroundColor: `#${color.hex || "ffffff"}` }}
            />
          ))}
        </RadioGroup>
        {colors.length === 0 ? (
          <span className="text-xs text-grey-500">Add colours to the domain to use them here.</span>
        ) : null}
      </div>
    </Row>
  );
}
