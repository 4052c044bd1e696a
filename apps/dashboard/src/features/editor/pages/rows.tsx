/** Rows used by the page panels: a percentage slider, a count and the attribute list. */
import type { Device } from "@floow/domain/shared";
import { Input } from "@floow/ui";
import { useEffect, useId, useState } from "react";
import { Row, SelectRow } from "../shared";

export const DEVICE_LABELS: Record<Device, string> = { mobile: "Mobile", desktop: "Desktop" };

/** A percentage as a slider (start page and results widths). */
export function PercentRow({
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
export function CountRow({
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
export function AttributesRow({
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
