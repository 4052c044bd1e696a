import { ANALYTICS_PRESET_DAYS } from "@floow/domain/analytics";
import { Field, Input, Select } from "@floow/ui";
import { resolveRange, type RangePreset, type RangeSearch } from "./format";

/**
 * The range (last 7, 30 or 90 days, or custom from–to; default 30) and, on the overview, the
 * domain filter. Changes go to the address, so a view can be shared and survives a reload.
 */
export function RangeControls({
  search,
  onChange,
  domains,
}: {
  search: RangeSearch;
  onChange: (next: RangeSearch) => void;
  domains?: readonly { id: string; name: string }[];
}) {
  const preset: RangePreset = search.range ?? 30;
  const { from, to } = resolveRange(search);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field label="Period" className="w-44">
        <Select
          value={String(preset)}
          onChange={(event) => {
            const value = event.target.value;
            onChange(
              value === "custom"
                ? { ...search, range: "custom", from, to }
                : {
                    domain: search.domain,
                    version: search.version,
                    range: Number(value) as RangePreset,
                  },
            );
          }}
        >
          {ANALYTICS_PRESET_DAYS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
          <option value="custom">Custom</option>
        </Select>
      </Field>
      {preset === "custom" ? (
        <>
          <Field label="From" className="w-40">
            <Input
              type="date"
              value={from}
              max={to}
              onChange={(event) =>
                event.target.value &&
                onChange({ ...search, range: "custom", from: event.target.value, to })
              }
            />
          </Field>
          <Field label="To" className="w-40">
            <Input
              type="date"
              value={to}
              min={from}
              onChange={(event) =>
                event.target.value &&
                onChange({ ...search, range: "custom", from, to: event.target.value })
              }
            />
          </Field>
        </>
      ) : null}
      {domains ? (
        <Field label="Domain" className="w-52">
          <Select
            value={search.domain ?? ""}
            onChange={(event) => onChange({ ...search, domain: event.target.value || undefined })}
          >
            <option value="">All domains</option>
            {domains.map((domain) => (
              <option key={domain.id} value={domain.id}>
                {domain.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
    </div>
  );
}
