/**
 * The published versions (issue 26): number, who, when, note and how each did with
 * shoppers; Roll back (that version is live again at once, the draft untouched) and Restore
 * to draft (its content becomes the draft), each after a confirmation.
 */
import type { FloowVersionSummary } from "@floow/domain/floow";
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  RotateCcwIcon,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from "@floow/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../../lib/trpc";
import { useEditor } from "../editor-context";
import { VERSION_TOASTS } from "./version-texts";
import { useRestoreVersion, useRollback, versionsOptions } from "./versions-queries";

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const PERCENT = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 0 });
const COUNT = new Intl.NumberFormat("en-GB");

type Pending = { kind: "rollback" | "restore"; number: number } | null;

export function VersionList() {
  const { floow, flush, markLive, replaceDraft } = useEditor();
  const trpc = useTRPC();
  const { data, isPending, isError } = useQuery(versionsOptions(trpc, floow.id));
  const [pending, setPending] = useState<Pending>(null);
  const rollback = useRollback(() => markLive());
  const restore = useRestoreVersion((server) => replaceDraft(server));

  const confirm = async () => {
    if (!pending) return;
    const input = { id: floow.id, number: pending.number };
    try {
      if (pending.kind === "rollback") {
        await rollback.mutateAsync(input);
        toast.success(VERSION_TOASTS.success.rollback(pending.number));
      } else {
        // No save of older edits may land after the restore: what is pending goes first
        // (the restore then replaces it, as the confirmation said).
        await flush();
        await restore.mutateAsync(input);
        toast.success(VERSION_TOASTS.success.restore(pending.number));
      }
    } catch {
      toast.error(
        pending.kind === "rollback"
          ? VERSION_TOASTS.failure.rollback
          : VERSION_TOASTS.failure.restore,
      );
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-6" data-testid="version-list">
      <div className="flex flex-col gap-1">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-grey-900">
          <RotateCcwIcon size={18} className="text-grey-500" />
          Versions
        </h2>
        <p className="text-sm text-grey-600">
          Every publish is kept. Roll back makes an earlier version live again under the same embed
          code; Restore to draft copies it into the editor.
        </p>
      </div>
      {isPending ? <p className="text-sm text-grey-500">Loading versions…</p> : null}
      {isError ? <p className="text-sm text-red-600">The versions could not be loaded.</p> : null}
      {data && data.versions.length === 0 ? (
        <p className="text-sm text-grey-600">No version yet: the first publish makes version 1.</p>
      ) : null}
      {data && data.versions.length > 0 ? (
        <Table containerClassName="shadow-none" aria-label="Versions" stack>
          <TableHeader>
            <TableRow>
              <TableHead>Version</TableHead>
              <TableHead>Published</TableHead>
              <TableHead>Note</TableHead>
              <TableHead className="text-right">Sessions</TableHead>
              <TableHead className="text-right">Completion</TableHead>
              <TableHead className="text-right">Product clicks</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.versions.map((version) => (
              <VersionRow
                key={version.number}
                version={version}
                archived={floow.status === "archived"}
                onRollback={() => setPending({ kind: "rollback", number: version.number })}
                onRestore={() => setPending({ kind: "restore", number: version.number })}
              />
            ))}
          </TableBody>
        </Table>
      ) : null}
      <ConfirmDialog
        open={pending?.kind === "rollback"}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Roll back to version ${pending?.number ?? ""}?`}
        description="Shoppers get this version again at once (within a minute where their browser kept the floow). Your draft stays as it is."
        confirmLabel="Roll back"
        onConfirm={confirm}
      />
      <ConfirmDialog
        open={pending?.kind === "restore"}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Restore version ${pending?.number ?? ""} to the draft?`}
        description="The draft in the editor is replaced by this version's content. Shoppers keep what is live until you publish."
        confirmLabel="Restore to draft"
        onConfirm={confirm}
      />
    </Card>
  );
}

function VersionRow({
  version,
  archived,
  onRollback,
  onRestore,
}: {
  version: FloowVersionSummary;
  archived: boolean;
  onRollback: () => void;
  onRestore: () => void;
}) {
  const { stats } = version;
  return (
    <TableRow data-testid="version-row" data-version={version.number} data-live={version.live}>
      <TableCell className="font-medium whitespace-nowrap text-grey-900">
        v{version.number}
        {version.live ? (
          <Badge variant="success" dot className="ml-2">
            Live
          </Badge>
        ) : null}
      </TableCell>
      <TableCell label="Published" className="whitespace-nowrap text-grey-700">
        <div>
          <span className="block">{WHEN.format(new Date(version.publishedAt))}</span>
          <span className="block text-xs text-grey-500">
            {version.publishedBy?.name ?? "Someone no longer here"}
          </span>
        </div>
      </TableCell>
      <TableCell label="Note" className="text-grey-700 sm:max-w-56">
        {version.note ? (
          <span className="line-clamp-2" title={version.note}>
            {version.note}
          </span>
        ) : (
          <span className="text-grey-400">–</span>
        )}
      </TableCell>
      <TableCell label="Sessions" className="text-right text-grey-700 tabular-nums">
        {COUNT.format(stats.sessions)}
      </TableCell>
      <TableCell label="Completion" className="text-right text-grey-700 tabular-nums">
        {stats.sessions > 0 ? PERCENT.format(stats.completionRate) : "–"}
      </TableCell>
      <TableCell label="Product clicks" className="text-right text-grey-700 tabular-nums">
        {COUNT.format(stats.productClicks)}
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1.5">
          {!version.live ? (
            <Button
              size="sm"
              variant="outline"
              onClick={onRollback}
              disabled={archived}
              title={archived ? "Restore the floow first" : undefined}
            >
              Roll back
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onRestore}>
            Restore to draft
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
