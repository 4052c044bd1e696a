import { formatDateNl } from "@floow/domain/shared";
import {
  AlertTriangleIcon,
  Badge,
  Button,
  ConfirmDialog,
  PackageIcon,
  RotateCcwIcon,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TrashIcon,
} from "@floow/ui";
import { useState } from "react";
import { FEED_TYPE_LABELS, refreshState, type FeedRow } from "./feed-logic";

/**
 * The organization's feeds (spec: /products#feeds): name, type, URL, product count and the
 * last refresh with its result; a failed refresh shows the reason stored on the feed.
 * Refresh queues a new fetch; Edit opens the Add Feed dialog on the feed; Delete (admins)
 * asks first.
 */
export function FeedsTable({
  feeds,
  canDelete,
  refreshingId,
  onRefresh,
  onEdit,
  onDelete,
}: {
  feeds: readonly FeedRow[];
  canDelete: boolean;
  /** The feed whose Refresh call is under way. */
  refreshingId: string | null;
  onRefresh: (id: string) => unknown;
  onEdit: (feed: FeedRow) => void;
  /** Deletes the feed (with its toasts); answers whether it worked. */
  onDelete: (id: string) => Promise<boolean>;
}) {
  const [deleting, setDeleting] = useState<FeedRow | null>(null);
  return (
    <>
      <Table aria-label="Feeds" className="min-w-[52rem]">
        <TableHeader>
          <tr>
            <TableHead>Name</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>URL</TableHead>
            <TableHead className="text-right">Products</TableHead>
            <TableHead>Last refresh</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </tr>
        </TableHeader>
        <TableBody>
          {feeds.map((feed) => (
            <FeedTableRow
              key={feed.id}
              feed={feed}
              canDelete={canDelete}
              refreshCalling={refreshingId === feed.id}
              onRefresh={onRefresh}
              onEdit={onEdit}
              onDelete={() => setDeleting(feed)}
            />
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete feed"
        description={`${deleting?.name || "This feed"} and its products are deleted for good. Floows that use it show no product results until they get another feed.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? onDelete(deleting.id) : false)}
      />
    </>
  );
}

function FeedTableRow({
  feed,
  canDelete,
  refreshCalling,
  onRefresh,
  onEdit,
  onDelete,
}: {
  feed: FeedRow;
  canDelete: boolean;
  refreshCalling: boolean;
  onRefresh: (id: string) => unknown;
  onEdit: (feed: FeedRow) => void;
  onDelete: () => void;
}) {
  const state = refreshState(feed);
  const busy = refreshCalling || state.kind === "refreshing";
  const name = feed.name || feed.url;
  return (
    <TableRow data-testid="feed-row">
      <TableCell>
        <span className="flex items-center gap-3 font-medium text-grey-900">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-grey-100 text-grey-600"
          >
            <PackageIcon size={16} />
          </span>
          <span className="truncate">{name}</span>
        </span>
      </TableCell>
      <TableCell className="text-grey-700">{FEED_TYPE_LABELS[feed.type]}</TableCell>
      <TableCell className="max-w-64">
        <a
          href={feed.url}
          target="_blank"
          rel="noopener noreferrer"
          className="block truncate font-mono text-xs text-grey-600 hover:text-primary-700 hover:underline"
          title={feed.url}
        >
          {feed.url}
        </a>
      </TableCell>
      <TableCell className="text-right text-grey-900 tabular-nums" data-testid="feed-product-count">
        {feed.productCount}
      </TableCell>
      <TableCell data-testid="feed-last-refresh">
        <div className="flex flex-col items-start gap-1">
          <span className="flex items-center gap-2">
            {state.kind === "refreshing" ? (
              <Badge variant="info">
                <Spinner size="sm" label="Refreshing" />
                {state.label}
              </Badge>
            ) : (
              <Badge
                variant={
                  state.kind === "ok" ? "success" : state.kind === "failed" ? "danger" : "neutral"
                }
                dot
              >
                {state.label}
              </Badge>
            )}
            {feed.lastRefreshAt ? (
              <span className="text-xs text-grey-500 tabular-nums">
                {formatDateNl(feed.lastRefreshAt)}
              </span>
            ) : null}
          </span>
          {state.kind === "failed" ? (
            <p className="flex max-w-80 items-start gap-1.5 text-xs text-red-700">
              <AlertTriangleIcon size={14} className="mt-px shrink-0" />
              <span className="break-words">{state.error}</span>
            </p>
          ) : null}
        </div>
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1.5">
          <Button
            variant="outline"
            size="sm"
            loading={refreshCalling}
            disabled={busy}
            onClick={() => void onRefresh(feed.id)}
            aria-label={`Refresh ${name}`}
          >
            {refreshCalling ? null : <RotateCcwIcon size={14} />}
            Refresh
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onEdit(feed)}
            aria-label={`Edit ${name}`}
          >
            Edit
          </Button>
          {canDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={onDelete}
              aria-label={`Delete ${name}`}
            >
              <TrashIcon size={14} />
            </Button>
          ) : null}
        </div>
      </TableCell>
    </TableRow>
  );
}
