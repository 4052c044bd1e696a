import { Field, Select } from "@floow/ui";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/**
 * One floow's analytics by published version (docs/analytics.md, "By version"): "All versions"
 * by default, or the sessions shown one version. The list is the floow's versions, newest first.
 */
export function VersionSelect({
  floowId,
  version,
  onChange,
}: {
  floowId: string;
  version: number | undefined;
  onChange: (version: number | undefined) => void;
}) {
  const trpc = useTRPC();
  const versions = useQuery(trpc.floow.versions.queryOptions({ id: floowId })).data?.versions ?? [];
  // A version in the address that is not (or no longer) in the list still shows as chosen.
  const numbers = versions.map((entry) => entry.number);
  return (
    <Field label="Version" className="w-52">
      <Select
        value={version === undefined ? "" : String(version)}
        onChange={(event) =>
          onChange(event.target.value === "" ? undefined : Number(event.target.value))
        }
      >
        <option value="">All versions</option>
        {version !== undefined && !numbers.includes(version) ? (
          <option value={version}>v{version}</option>
        ) : null}
        {versions.map((entry) => (
          <option key={entry.number} value={entry.number}>
            {`v${entry.number}${entry.live ? " · live" : ""}${entry.note ? ` · ${entry.note.length > 24 ? `${entry.note.slice(0, 24)}…` : entry.note}` : ""}`}
          </option>
        ))}
      </Select>
    </Field>
  );
}
