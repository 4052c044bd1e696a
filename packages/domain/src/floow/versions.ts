/**
 * Drafts and published versions of a floow (docs/domains-and-floows.md, "Drafts and versions"):
 * the `floow` row is the working draft; each publish keeps an immutable, numbered copy of its
 * content, and the live one is what shoppers get.
 */
import { z } from "zod";
import { idSchema } from "../shared/schema";
import type { Floow } from "./types";

/** A publish note is at most this long. */
export const VERSION_NOTE_MAX = 500;

/** Per floow at most this many versions are kept: publishing one more deletes the oldest (never the live one). */
export const FLOOW_VERSIONS_KEPT = 100;

const versionNumber = z
  .number({ error: "Please pick a version." })
  .int({ error: "Please pick a version." })
  .min(1, {
    error: "Please pick a version.",
  });

/** `floow.publish`: the floow and an optional note. */
export const publishFloowSchema = z.object({
  id: idSchema,
  note: z
    .string()
    .trim()
    .max(VERSION_NOTE_MAX, {
      error: `Please keep the note to at most ${VERSION_NOTE_MAX} characters.`,
    })
    .optional(),
});

/** `floow.rollback` and `floow.restoreVersion`: the floow and one of its versions. */
export const floowVersionRefSchema = z.object({ id: idSchema, number: versionNumber });

export type PublishFloowInput = z.output<typeof publishFloowSchema>;
export type FloowVersionRef = z.output<typeof floowVersionRefSchema>;

/**
 * What a version keeps of a floow: everything but the ids, author, status and times (which
 * belong to the floow row), so everything the public answers and the results need.
 */
export type FloowContent = Omit<
  Floow,
  "id" | "organizationId" | "userId" | "createdAt" | "updatedAt" | "status"
>;

/** A floow's content, field by field (so a field added to Floow later is kept by a publish only when added here too). */
export function floowContent(floow: FloowContent): FloowContent {
  return {
    domainId: floow.domainId,
    feedId: floow.feedId,
    type: floow.type,
    language: floow.language,
    name: floow.name,
    closeOnClickOutside: floow.closeOnClickOutside,
    skipTrigger: floow.skipTrigger,
    showBackButton: floow.showBackButton,
    showNextButton: floow.showNextButton,
    showRestartButton: floow.showRestartButton,
    container: floow.container,
    progress: floow.progress,
    buttons: floow.buttons,
    start: floow.start,
    steps: floow.steps,
    finish: floow.finish,
    filters: floow.filters,
    filterGroups: floow.filterGroups,
    triggers: floow.triggers,
  };
}

/** How a version did with shoppers (sessions that carried its number). */
export interface FloowVersionStats {
  sessions: number;
  /** Sessions with a finish event. */
  completed: number;
  /** completed / sessions that started; 0 without any. */
  completionRate: number;
  /** Product events (a result's button followed). */
  productClicks: number;
}

/** One published version in `floow.versions`. */
export interface FloowVersionSummary {
  number: number;
  note: string;
  /** ISO 8601. */
  publishedAt: string;
  /** null when the user is gone (or for a version made by the migration of an older live floow). */
  publishedBy: { id: string; name: string } | null;
  live: boolean;
  stats: FloowVersionStats;
}

/** `floow.versions`: newest first. */
export interface FloowVersionList {
  /** The number shoppers get; null when the floow is not live. */
  liveVersion: number | null;
  /** The draft's content differs from the last published version's (true when nothing was ever published). */
  draftChanged: boolean;
  versions: FloowVersionSummary[];
}
