export const SUPPORT_CATEGORIES = [
  "storing",
  "bug",
  "kwetsbaarheid",
  "hulp",
  "wijziging",
  "feature",
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** English labels for the dashboard (the stored values are the original's Dutch words). */
export const SUPPORT_CATEGORY_LABELS: Readonly<Record<SupportCategory, string>> = {
  storing: "Outage",
  bug: "Bug",
  kwetsbaarheid: "Vulnerability",
  hulp: "Help",
  wijziging: "Change request",
  feature: "Feature request",
};
/** The ticket's default project. */
export const SUPPORT_PROJECT = "floows";
