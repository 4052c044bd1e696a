/**
 * Where a floow stands with shoppers, in the header's words (docs/editor.md, "Drafts and
 * versions"): `Live · v7`, `Draft · unpublished changes` (both when a live floow's draft has
 * changed since), `Development` (never published, or taken offline), `Archived`.
 */
import type { FloowStatus } from "@floow/domain/floow";

export interface ReleaseState {
  kind: "live" | "development" | "archived";
  /** The live version's number, when live. */
  liveVersion: number | null;
  /** A live floow's draft differs from what shoppers get. */
  unpublishedChanges: boolean;
}

export function releaseState(
  status: FloowStatus,
  versions: { liveVersion: number | null; draftChanged: boolean } | undefined,
): ReleaseState {
  if (status === "archived")
    return { kind: "archived", liveVersion: null, unpublishedChanges: false };
  const liveVersion = status === "live" ? (versions?.liveVersion ?? null) : null;
  if (status !== "live")
    return { kind: "development", liveVersion: null, unpublishedChanges: false };
  return { kind: "live", liveVersion, unpublishedChanges: versions?.draftChanged ?? false };
}

export const LIVE_LABEL = (version: number | null) => (version ? `Live · v${version}` : "Live");
export const DRAFT_CHANGED_LABEL = "Draft · unpublished changes";
export const DEVELOPMENT_LABEL = "Development";
export const ARCHIVED_LABEL = "Archived";
