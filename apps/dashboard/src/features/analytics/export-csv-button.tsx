import { Button, toast, UploadIcon } from "@floow/ui";
import { useState } from "react";
import { useTRPCClient } from "../../lib/trpc";

/** Downloads the floow's sessions of the range (of one version, when chosen) as CSV (built by the server, formula-safe). */
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
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { csv, filename } = await client.analytics.exportCsv.query({
            id: floowId,
            from,
            to,
            version,
          });
          const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
          const link = document.createElement("a");
          link.href = url;
          link.download = filename;
          document.body.append(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(url), 1000);
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
