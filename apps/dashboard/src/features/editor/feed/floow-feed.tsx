/**
 * The floow's product feed in the editor (docs/editor.md): its name, product count and last
 * refresh in the settings (phase floow, General), and the dialog that chooses or changes it
 * with the Create Floow wizard's own picker (`FeedPicker`), or adds a new feed with the Add
 * Feed dialog of Products. Publishing a selling floow without a feed opens the same dialog.
 */
import { VALIDATION_MESSAGES } from "@floow/domain/validation";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  PackageIcon,
  PlusIcon,
} from "@floow/ui";
import { useState } from "react";
import { AddFeedDialog } from "../../feeds/add-feed-dialog";
import { useFeedList } from "../../feeds/feed-api";
import { FEED_TYPE_LABELS } from "../../feeds/feed-logic";
import { FeedPicker } from "../../feeds/feed-picker";
import { usePreviewFeed, useSaveFeed } from "../../feeds/feed-queries";
import { useEditor } from "../editor-context";
import { PanelSection } from "../shared";

function lastRefresh(at: string | null | undefined): string {
  if (!at) return "not refreshed yet";
  return `refreshed ${new Date(at).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}`;
}

/** The General settings' "Product feed" section of a selling floow. */
export function FloowFeedSection() {
  const { floow, updateFloow } = useEditor();
  const feeds = useFeedList();
  const [choosing, setChoosing] = useState(false);
  if (floow.type !== "selling") return null;
  const feed = feeds.data?.find((f) => f.id === floow.feedId);
  return (
    <PanelSection
      title="Product feed"
      description="The products this floow's choices filter and its results show."
    >
      {floow.feedId ? (
        <div
          className="flex items-center gap-3 rounded-xl border border-grey-200 bg-grey-50/60 p-3"
          data-testid="floow-feed"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-grey-600 ring-1 ring-grey-200">
            <PackageIcon size={17} />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-medium text-grey-900">
              {feed ? feed.name || feed.url : "Loading…"}
            </span>
            {feed ? (
              <span className="text-xs text-grey-500">
                {FEED_TYPE_LABELS[feed.type]} · {feed.productCount.toLocaleString("en")}{" "}
                {feed.productCount === 1 ? "product" : "products"} ·{" "}
                {lastRefresh(feed.lastRefreshAt)}
              </span>
            ) : null}
          </span>
        </div>
      ) : (
        <p className="rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200">
          No feed yet: the results show “No results found” until you choose one.
        </p>
      )}
      <Button variant="outline" className="self-start" onClick={() => setChoosing(true)}>
        {floow.feedId ? "Change feed" : "Choose a feed"}
      </Button>
      <ChooseFeedDialog
        open={choosing}
        onOpenChange={setChoosing}
        title="Product feed"
        confirmLabel="Use this feed"
        onConfirm={(feedId) => {
          updateFloow((f) => ({ ...f, feedId }));
          setChoosing(false);
        }}
      />
    </PanelSection>
  );
}

/** Chooses a feed with the wizard's picker; Add Feed adds one and chooses it. */
export function ChooseFeedDialog({
  open,
  onOpenChange,
  title,
  description = "The organization's product feeds, with a preview of the chosen one.",
  confirmLabel,
  onConfirm,
  busy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  onConfirm: (feedId: string) => void;
  busy?: boolean;
}) {
  const { floow } = useEditor();
  const [feedId, setFeedId] = useState<string | null>(floow.feedId);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const preview = usePreviewFeed();
  const save = useSaveFeed();
  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FeedPicker
            selectedFeedId={feedId}
            onSelect={(id) => (setFeedId(id), setError(null))}
            error={error}
          />
          <DialogFooter className="sm:items-center">
            <Button variant="outline" className="sm:mr-auto" onClick={() => setAdding(true)}>
              <PlusIcon size={16} />
              Add Feed
            </Button>
            <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              loading={busy}
              onClick={() =>
                feedId ? onConfirm(feedId) : setError(VALIDATION_MESSAGES.floow.feedRequired)
              }
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <AddFeedDialog
        open={adding}
        onOpenChange={setAdding}
        onPreview={preview}
        onSave={async (feed, isNew) => {
          const saved = await save(feed, isNew);
          if (saved) setFeedId(feed.id);
          return saved;
        }}
      />
    </>
  );
}
