import { FLOOW_TYPE_LABELS, type FloowStatus, type FloowType } from "@floow/domain/floow";
import { LANGUAGE_LABELS, type Language } from "@floow/domain/shared";
import type { BadgeProps } from "@floow/ui";

export const STATUS_LABELS: Readonly<Record<FloowStatus, string>> = {
  development: "Development",
  live: "Live",
  archived: "Archived",
};

export const STATUS_BADGES: Readonly<Record<FloowStatus, NonNullable<BadgeProps["variant"]>>> = {
  development: "info",
  live: "success",
  archived: "neutral",
};

export function typeLabel(type: FloowType): string {
  return FLOOW_TYPE_LABELS[type];
}

export function languageLabel(language: Language): string {
  return LANGUAGE_LABELS[language];
}

/** What the dashboard lists of a floow. */
export type FloowSummary = {
  id: string;
  name: string;
  type: FloowType;
  status: FloowStatus;
  language: Language;
  domainId: string;
  updatedAt: string;
  /** A selling floow's feed; null: none yet (publishing asks for one in the editor). */
  feedId?: string | null;
};
