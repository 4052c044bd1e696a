/**
 * The launch phase: publish (with the pre-publish check), the published versions, the
 * embed snippet and a summary of the triggers.
 */
import { TOASTS } from "@floow/domain/messages";
import { Button, Card, CodeIcon, RocketIcon, toast } from "@floow/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../../lib/trpc";
import { copyText } from "../../../lib/clipboard";
import { scriptTagSnippet } from "../../domains/snippets";
import { useEditor } from "../editor-context";
import { ChooseFeedDialog } from "../feed";
import { TriggerList } from "../triggers";
import { PublishDialog } from "./publish-dialog";
import { ReleaseBadges } from "./release-badges";
import { releaseState, type ReleaseState } from "./release-state";
import { VersionList } from "./version-list";
import { versionsOptions } from "./versions-queries";

/** `reviewOnOpen`: open the publish dialog (or first the feed question) as the panel shows. */
export function LaunchPanel({ reviewOnOpen = false }: { reviewOnOpen?: boolean }) {
  const { floow, publishing, dispatch, setUi, updateFloow } = useEditor();
  const trpc = useTRPC();
  const { data: versions } = useQuery(versionsOptions(trpc, floow.id));
  const state = releaseState(floow.status, versions);
  // A selling floow without a feed would publish to "No results found": ask for one first,
  // then go on to the publish dialog (which saves the draft, the feed included).
  const needsFeed = floow.type === "selling" && !floow.feedId;
  const canReview = reviewOnOpen && floow.status !== "archived";
  const [askFeed, setAskFeed] = useState(canReview && needsFeed);
  const [reviewing, setReviewing] = useState(canReview && !needsFeed);
  const snippet = scriptTagSnippet(window.location.origin, floow.domainId);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-6 py-10">
      <Card className="flex flex-wrap items-center gap-5 p-6">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-50 text-primary-700 ring-1 ring-primary-100">
          <RocketIcon size={22} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-grey-900">Publish</h2>
            <ReleaseBadges className="flex flex-wrap items-center gap-1.5" />
          </div>
          <p className="text-sm text-grey-600" data-testid="publish-sentence">
            {publishSentence(state)}
          </p>
        </div>
        <Button
          size="lg"
          onClick={() => (needsFeed ? setAskFeed(true) : setReviewing(true))}
          loading={publishing}
          disabled={floow.status === "archived"}
        >
          Publish
        </Button>
      </Card>

      <VersionList />

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
        confirmLabel="Continue"
        onConfirm={(feedId) => {
          updateFloow((f) => ({ ...f, feedId }));
          setAskFeed(false);
          setReviewing(true);
        }}
      />
      <PublishDialog open={reviewing} onOpenChange={setReviewing} />
    </div>
  );
}

/** What shoppers get, said only when it is so (issue 26: the sentence is true now). */
function publishSentence(state: ReleaseState): string {
  if (state.kind === "archived") return "Archived floows are offline. Restore it to publish again.";
  if (state.kind === "development")
    return "Publishing makes this floow live on the pages its triggers name.";
  if (state.unpublishedChanges)
    return "Visitors see the published version. Publish again to bring them your latest changes.";
  return state.liveVersion
    ? `Visitors see version ${state.liveVersion}, the same as your draft.`
    : "Visitors see the published version, the same as your draft.";
}
