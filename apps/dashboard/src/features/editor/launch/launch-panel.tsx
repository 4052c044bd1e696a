/**
 * The launch phase: publish, the embed snippet and a summary of the triggers.
 */
import { TOASTS } from "@floow/domain/messages";
import { Badge, Button, Card, CodeIcon, RocketIcon, toast } from "@floow/ui";
import { useEffect, useState } from "react";
import { copyText } from "../../../lib/clipboard";
import { scriptTagSnippet } from "../../domains/snippets";
import { useEditor } from "../editor-context";
import { ChooseFeedDialog } from "../feed";
import { TriggerList } from "../triggers";

const STATUS_BADGE = {
  development: { variant: "warning", label: "In development" },
  live: { variant: "success", label: "Live" },
  archived: { variant: "neutral", label: "Archived" },
} as const;

export function LaunchPanel() {
  const { floow, publish, publishing, dispatch, setUi, updateFloow } = useEditor();
  // A selling floow without a feed would publish to "No results found": ask for one first.
  const [askFeed, setAskFeed] = useState(false);
  const [publishWithFeed, setPublishWithFeed] = useState(false);
  const needsFeed = floow.type === "selling" && !floow.feedId;
  useEffect(() => {
    // The chosen feed is in the floow now (this render): publish it, feed included.
    if (!publishWithFeed || !floow.feedId) return;
    setPublishWithFeed(false);
    // After this render's effects, the editor's own included: autosave has the feed then.
    setTimeout(() => void publish().then(() => setAskFeed(false)), 0);
  }, [publishWithFeed, floow.feedId, publish]);
  const snippet = scriptTagSnippet(window.location.origin, floow.domainId);
  const status = STATUS_BADGE[floow.status];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-6 py-10">
      <Card className="flex flex-wrap items-center gap-5 p-6">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-50 text-primary-700 ring-1 ring-primary-100">
          <RocketIcon size={22} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-center gap-2">
            <h2 className="text-lg font-semibold text-grey-900">Publish</h2>
            <Badge variant={status.variant} dot data-testid="floow-status">
              {status.label}
            </Badge>
          </div>
          <p className="text-sm text-grey-600">
            {floow.status === "live"
              ? "Visitors see the published version. Publish again to bring them your latest changes."
              : "Publishing makes this floow live on the pages its triggers name."}
          </p>
        </div>
        <Button
          size="lg"
          onClick={() => (needsFeed ? setAskFeed(true) : void publish())}
          loading={publishing}
          disabled={floow.status === "archived"}
        >
          Publish
        </Button>
      </Card>

      <Card className="flex flex-col gap-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-grey-900">
              <CodeIcon size={18} className="text-grey-500" />
              Embed snippet
            </h2>
            <p className="text-sm text-grey-600">
              Paste this once before the closing &lt;/body&gt; tag of every page of your website.
            </p>
          </div>
          <Button
            variant="outline"
            onClick={async () => {
              if (await copyText(snippet)) toast.success(TOASTS.success.copied);
            }}
          >
            Copy
          </Button>
        </div>
        <pre
          className="rounded-xl bg-grey-950 px-4 py-3.5 font-mono text-[13px] leading-relaxed break-all whitespace-pre-wrap text-grey-100"
          data-testid="embed-snippet"
        >
          <code>{snippet}</code>
        </pre>
      </Card>

      <Card className="flex flex-col gap-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <h2 className="text-lg font-semibold text-grey-900">Triggers</h2>
            <p className="text-sm text-grey-600">
              {floow.skipTrigger
                ? "Skip trigger is on: the floow starts without waiting for a trigger."
                : floow.triggers.length === 0
                  ? "Without a trigger the floow does not appear on your website."
                  : "Where this floow appears on your website."}
            </p>
          </div>
          <Button
            variant="outline"
            onClick={() => {
              setUi({ phase: "build" });
              dispatch({ type: "select/trigger" });
            }}
          >
            Manage triggers
          </Button>
        </div>
        <TriggerList triggers={floow.triggers} />
      </Card>
      <ChooseFeedDialog
        open={askFeed}
        onOpenChange={setAskFeed}
        title="Choose a product feed"
        description="A Guided Selling floow shows products from a feed. Choose the feed to publish with."
        confirmLabel="Publish"
        busy={publishing || publishWithFeed}
        onConfirm={(feedId) => {
          updateFloow((f) => ({ ...f, feedId }));
          setPublishWithFeed(true);
        }}
      />
    </div>
  );
}
