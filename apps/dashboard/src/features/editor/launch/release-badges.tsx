import { Badge } from "@floow/ui";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc";
import { useEditor } from "../editor-context";
import {
  ARCHIVED_LABEL,
  DEVELOPMENT_LABEL,
  DRAFT_CHANGED_LABEL,
  LIVE_LABEL,
  releaseState,
} from "./release-state";
import { versionsOptions } from "./versions-queries";

/** The floow's state at a glance: what shoppers get, and whether the draft has more. */
export function ReleaseBadges({ className }: { className?: string }) {
  const { floow } = useEditor();
  const trpc = useTRPC();
  const { data } = useQuery(versionsOptions(trpc, floow.id));
  const state = releaseState(floow.status, data);
  return (
    <span className={className} data-testid="release-state" data-kind={state.kind}>
      {state.kind === "live" ? (
        <Badge variant="success" dot>
          {LIVE_LABEL(state.liveVersion)}
        </Badge>
      ) : null}
      {state.unpublishedChanges ? <Badge variant="warning">{DRAFT_CHANGED_LABEL}</Badge> : null}
      {state.kind === "development" ? (
        <Badge variant="warning" dot>
          {DEVELOPMENT_LABEL}
        </Badge>
      ) : null}
      {state.kind === "archived" ? <Badge>{ARCHIVED_LABEL}</Badge> : null}
    </span>
  );
}
