import { ROLE_LABELS } from "./constants";

/** Initials: the first letter of the first and of the last word, uppercase. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return "";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (firstLetter(first) + (last ? firstLetter(last) : "")).toLocaleUpperCase("nl-NL");
}

function firstLetter(word: string): string {
  return Array.from(word)[0] ?? "";
}

/** Whether the user holds the given role. */
export function hasRole(roles: readonly string[] | null | undefined, role: string): boolean {
  return (roles ?? []).includes(role);
}

/** The side navigation's label: Admin when the user holds admin, otherwise Member. */
export function roleLabel(roles: readonly string[] | null | undefined): string {
  return hasRole(roles, "admin") ? ROLE_LABELS.admin : ROLE_LABELS.member;
}
