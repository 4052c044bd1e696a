import { cn } from "@floow/ui";
import { useEditor } from "../editor-context";
import { Row } from "./controls";

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
      <div role="radiogroup" aria-label={label} className="flex flex-wrap items-center gap-1.5">
        <Swatch
          label="Default"
          selected={value === null}
          onClick={() => onChange(null)}
          className="bg-[linear-gradient(135deg,#fff_45%,#e11d48_45%,#e11d48_55%,#fff_55%)]"
        />
        {colors.map((color) => (
          <Swatch
            key={color.id}
            label={color.name || `#${color.hex}`}
            selected={value === color.id}
            onClick={() => onChange(color.id)}
            style={{ backgroundColor: `#${color.hex || "ffffff"}` }}
          />
        ))}
        {colors.length === 0 ? (
          <span className="text-xs text-grey-500">Add colours to the domain to use them here.</span>
        ) : null}
      </div>
    </Row>
  );
}

function Swatch({
  label,
  selected,
  onClick,
  className,
  style,
}: {
  label: string;
  selected: boolean;
  onClick: () => void;
  className?: string;
  style?: React.CSSProperties;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={label}
      title={label}
      onClick={onClick}
      style={style}
      className={cn(
        "size-6 cursor-pointer rounded-full border border-grey-300 transition-transform hover:scale-110",
        selected && "ring-2 ring-primary-500 ring-offset-2",
        className,
      )}
    />
  );
}
