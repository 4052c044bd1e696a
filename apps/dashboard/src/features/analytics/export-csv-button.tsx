import { Button, toast, UploadIcon } from "@floow/ui";
import { useState } from "react";

/** The API's streamed export of a floow's sessions (docs/analytics.md "The CSV export"). */
function sessionsCsvUrl(query: {
  floowId: string;
  from: string;
  to: string;
  version?: number | undefined;
}): string {
  const params = new URLSearchParams({ id: query.floowId, from: query.from, to: query.to });
  if (query.version !== undefined) params.set("version", String(query.version));
  return `/api/analytics/sessions.csv?${params}`;
}

/**
 * Downloads the floow's sessions of the range (of one version, when chosen) as CSV, built and
 * streamed by the server (formula-safe), so the browser writes it to disk as it arrives however
 * large it is. A HEAD request first makes the server's checks (signed in, the floow, the range)
 * without reading a session: a refusal shows here as a toast, where a bare link would leave
 * the browser's download bar to say "failed".
 */
export function ExportCsvButton({
  floowId,
  from,
  to,
  version,
}: {
  floowId: string;
  from: string;
  to: string;
  version?: number | undefined;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const url = sessionsCsvUrl({ floowId, from, to, version });
          const check = await fetch(url, { method: "HEAD", credentials: "include" });
          if (!check.ok) throw new Error(`the export answered ${check.status}`);
          // No name given: the browser takes the server's (Content-Disposition).
          const link = document.createElement("a");
          link.href = url;
          link.download = "";
          document.body.append(link);
          link.click();
          link.remove();
        } catch {
          toast.error("The CSV could not be exported. Please try again.");
        } finally {
          setBusy(false);
        }
      }}
    >
      <UploadIcon size={16} className="rotate-180" />
      Export CSV
    </Button>
  );
}
