import type { ButtonIcon } from "./constants";
import type { FloowButtons } from "./types";

/** The icons a shown floow draws: its buttons' and the runtime's own (close, check). */
export type IconName = ButtonIcon | "close" | "check";

/** The attributes of an icon's one `<path>` on a 24×24 stroke grid. */
export interface IconPath {
  d: string;
  /** For a partner turned half a round (a left arrow or chevron, the thumb down). */
  transform?: string;
}

/**
 * Stroke paths on a 24×24 grid for the button icons (none, arrows, chevrons, thumbs,
 * rocket) and the runtime's close and check marks. A left arrow or chevron and the thumb
 * down are their partner turned half a round (`FLIPPED`), which keeps three paths out.
 */
const PATHS: Readonly<Record<string, string>> = {
  "arrow-right": "M5 12h14m-7-7 7 7-7 7",
  "chevron-right": "m9 18 6-6-6-6",
  "thumb-up":
    "M7 10v12M15 5.9 14 10h5.8a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.4 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.8a2 2 0 0 0 1.8-1.1L12 2a3 3 0 0 1 3 3.9Z",
  rocket:
    "M4.5 16.5c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1ZM12 15l-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2ZM9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0m1 7v5s3-.6 4-2c1.1-1.6 0-5 0-5",
  close: "M18 6 6 18M6 6l12 12",
  check: "M20 6 9 17l-5-5",
};

const FLIPPED: Readonly<Record<string, string>> = {
  "arrow-left": "arrow-right",
  "chevron-left": "chevron-right",
  "thumb-down": "thumb-up",
};

/** An icon's path, or undefined for `none` (and any unknown name). */
export function iconPath(name: string): IconPath | undefined {
  const flipped = Object.hasOwn(FLIPPED, name) ? FLIPPED[name] : undefined;
  const key = flipped ?? name;
  const d = Object.hasOwn(PATHS, key) ? PATHS[key] : undefined;
  if (!d) return undefined;
  return flipped ? { d, transform: "rotate(180 12 12)" } : { d };
}

/**
 * The icons a floow can draw, by name: its back, next and restart buttons' (the start button
 * and the results' product buttons use the next button's), and the runtime's close and check
 * marks. The public floows answers carry them (`PublicFloow.icons`), so the script-tag
 * renderer bundles no icon paths.
 */
export function floowIcons(
  buttons: Pick<FloowButtons, "back" | "next" | "restart">,
): Record<string, IconPath> {
  const icons: Record<string, IconPath> = {};
  for (const name of [
    buttons.back.icon,
    buttons.next.icon,
    buttons.restart.icon,
    "close",
    "check",
  ]) {
    const path = iconPath(name);
    if (path) icons[name] = path;
  }
  return icons;
}
