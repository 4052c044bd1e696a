/**
 * Small form controls of the editor's panels (dense, label-left), built on @floow/ui's
 * inputs. Kept here rather than in @floow/ui because only the editor's inspector uses them.
 */
import { TEXT_LIMITS } from "@floow/domain/shared";
import { Input, RadioGroup, RadioGroupItem, Select, Switch as UiSwitch } from "@floow/ui";
import { useEffect, useId, useState, type ReactNode } from "react";

export function PanelSection({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3 border-b border-grey-100 px-5 py-5 last:border-b-0">
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-col gap-0.5">
          <h3 className="text-xs font-semibold tracking-wide text-grey-500 uppercase">{title}</h3>
          {description ? <p className="text-xs text-grey-500">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Row({
  label,
  children,
  htmlFor,
}: {
  label: ReactNode;
  children: ReactNode;
  htmlFor?: string;
}) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] items-center gap-3">
      <label htmlFor={htmlFor} className="text-sm text-grey-700">
        {label}
      </label>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

export function SelectRow<T extends string>({
  label,
  value,
  options,
  onChange,
  labels,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  labels?: Partial<Record<T, string>>;
}) {
  const id = useId();
  return (
    <Row label={label} htmlFor={id}>
      <Select
        id={id}
        className="h-9"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? humanize(option)}
          </option>
        ))}
      </Select>
    </Row>
  );
}

export function TextRow({
  label,
  value,
  onChange,
  placeholder,
  type = "text",
  maxLength = TEXT_LIMITS.label,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: string;
  /** The server's limit for the text (TEXT_LIMITS); a label shown in the floow by default. */
  maxLength?: number;
}) {
  const id = useId();
  return (
    <Row label={label} htmlFor={id}>
      <Input
        id={id}
        type={type}
        className="h-9"
        maxLength={maxLength}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </Row>
  );
}

/**
 * The editor's settings switch: @floow/ui's Switch with the label before it, under the
 * editor's `onChange` name (the inspector's rows all take `value`/`onChange`).
 */
export function Switch({
  checked,
  onChange,
  label,
  description,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  description?: string;
}) {
  return (
    <UiSwitch
      checked={checked}
      onCheckedChange={onChange}
      label={label}
      description={description}
    />
  );
}

/**
 * A row of mutually exclusive options (device, phase, state, sizes): @floow/ui's segmented
 * RadioGroup (arrow keys, one tab stop), typed by the option values.
 */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  label,
  size = "md",
  className,
}: {
  value: T;
  options: readonly { value: T; label: ReactNode; title?: string }[];
  onChange: (value: T) => void;
  label: string;
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <RadioGroup
      variant="segmented"
      size={size}
      aria-label={label}
      value={value}
      onValueChange={(next) => onChange(next as T)}
      className={className}
    >
      {options.map((option) => (
        <RadioGroupItem
          key={option.value}
          value={option.value}
          title={option.title}
          aria-label={option.title}
        >
          {option.label}
        </RadioGroupItem>
      ))}
    </RadioGroup>
  );
}

/** Size scales (radius, padding, gap) as a compact segmented row with their px values. */
export function SizeRow<T extends string>({
  label,
  value,
  sizes,
  onChange,
}: {
  label: string;
  value: T;
  sizes: Readonly<Record<T, number>>;
  onChange: (value: T) => void;
}) {
  const keys = Object.keys(sizes) as T[];
  // Label above: seven sizes need the panel's full width.
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm text-grey-700">{label}</span>
      <Segmented
        label={label}
        size="sm"
        value={value}
        onChange={onChange}
        className="flex w-full [&>button]:flex-1 [&>button]:px-1"
        options={keys.map((key) => ({
          value: key,
          label: key,
          title: `${label} ${key} (${sizes[key] === 9999 ? "full" : `${sizes[key]}px`})`,
        }))}
      />
    </div>
  );
}

export function humanize(value: string): string {
  const spaced = value.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/-/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

/** Rich text (HTML) as one line of plain text, for lists and graph nodes. */
export function plainText(html: string): string {
  if (!html) return "";
  if (typeof DOMParser === "undefined")
    return html
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  const doc = new DOMParser().parseFromString(html, "text/html");
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/**
 * The floow's name as a field holds it. A floow always has a name (the server turns an
 * empty one into `New Floow`), so an emptied field is not saved (`empty` says so) and
 * leaving it empty puts the saved name back.
 */
export function useNameDraft(name: string, onChange: (name: string) => void) {
  const [draft, setDraft] = useState(name);
  // The name changed elsewhere (Reload, the server's copy, the other name field): show it.
  useEffect(() => {
    setDraft((current) => (current.trim() === "" ? current : name));
  }, [name]);
  return {
    draft,
    empty: draft.trim() === "",
    change: (value: string) => {
      setDraft(value);
      if (value.trim() !== "") onChange(value);
    },
    blur: () => setDraft((current) => (current.trim() === "" ? name : current)),
  };
}
