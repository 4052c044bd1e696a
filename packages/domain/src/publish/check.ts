import { DEFAULT_STEP_TEXT } from "../floow/constants";
import type { Floow } from "../floow/types";
import { plainLabel } from "../insights/ranking";
import { choiceName, stepName } from "./text";
import type { CheckItem, CheckTarget } from "./types";

/** What the draft's own rules read. */
export type CheckFloow = Pick<Floow, "type" | "feedId" | "start" | "steps" | "finish">;

/** An address in a floow's texts or image fields, and where it is. */
export interface FloowUrl {
  url: string;
  /** A link (`href`) or an image (`src`, an image field). */
  kind: "link" | "image";
  /** Where, for a message: `Start page`, `Step "Which bike?"`, `Step "…": choice "Road"`. */
  place: string;
  target: CheckTarget;
}

/** Images uploaded in the editor are served by Floow itself at `/blobs/<id>` (apps/api http/blob.ts). */
const OWN_UPLOAD = /^\/blobs\/[\w-]+$/;

const ATTRIBUTE = /<(a|img)\b[^>]*?\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();
}

/** The `href`s of links and `src`s of images in a rich text (HTML). */
export function richTextUrls(html: string): { url: string; kind: "link" | "image" }[] {
  const found: { url: string; kind: "link" | "image" }[] = [];
  for (const match of html.matchAll(ATTRIBUTE)) {
    const tag = (match[1] ?? "").toLowerCase();
    const attribute = (match[2] ?? "").toLowerCase();
    if ((tag === "a") !== (attribute === "href")) continue;
    found.push({
      url: decodeEntities(match[3] ?? match[4] ?? match[5] ?? ""),
      kind: tag === "a" ? "link" : "image",
    });
  }
  return found;
}

/**
 * Every link and image address a shopper's browser follows or loads in the floow: the start
 * and finish pages', every step's and every choice's (rich-text `href`s and `src`s, and the
 * image fields), in the order of the floow.
 */
export function floowUrls(floow: Pick<Floow, "start" | "steps" | "finish">): FloowUrl[] {
  const urls: FloowUrl[] = [];
  const collect = (place: string, target: CheckTarget, text: string, image: string | null) => {
    for (const found of richTextUrls(text)) urls.push({ ...found, place, target });
    if (image !== null && image.trim() !== "")
      urls.push({ url: image.trim(), kind: "image", place, target });
  };
  collect("Start page", { page: "start" }, floow.start.text, floow.start.image);
  floow.steps.forEach((step, i) => {
    const name = stepName(step, i);
    collect(name, { page: "step", stepId: step.id }, step.text, step.image);
    step.choices.forEach((choice, j) => {
      collect(
        `${name}: ${choiceName(choice, j)}`,
        { page: "step", stepId: step.id, choiceId: choice.id },
        choice.text,
        choice.image,
      );
    });
  });
  collect("Finish page", { page: "finish" }, floow.finish.text, floow.finish.image);
  return urls;
}

/** Whether a URL is an absolute http(s) address (the ones the check fetches). */
export function isHttpAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * Whether a shopper's browser can use this address as it is: http(s), an image uploaded in
 * the editor (`/blobs/…`, served by Floow), or for a link also `mailto:` and `tel:` (an
 * e-mail or a call is a fine thing to link to). Anything else (`javascript:`, `data:`, `ftp:`,
 * a path on the merchant's site) is an error: the public floow drops it or it breaks.
 */
export function isUsableAddress(url: string, kind: "link" | "image"): boolean {
  if (isHttpAddress(url)) return true;
  if (kind === "image") return OWN_UPLOAD.test(url);
  return /^(mailto|tel):[^\s]+$/i.test(url);
}

function shortUrl(url: string): string {
  return url.length <= 60 ? url : `${url.slice(0, 59)}…`;
}

/**
 * The checks of a draft that need no feed and no network (docs/editor.md, "The pre-publish
 * check"): a selling floow without a feed, question steps without choices, choices without
 * text, questions left at the default text, and link or image addresses that are not
 * http(s). The API adds the feed's rules and fetches the http(s) addresses.
 */
export function checkDraft(draft: CheckFloow): CheckItem[] {
  const items: CheckItem[] = [];
  if (draft.type === "selling" && !draft.feedId) {
    items.push({
      severity: "error",
      rule: "no-feed",
      message:
        "This floow has no product feed: choose one, so that the finish page has products to show.",
      target: { page: "settings" },
    });
  }
  const defaultText = plainLabel(DEFAULT_STEP_TEXT);
  draft.steps.forEach((step, i) => {
    const name = stepName(step, i);
    const target: CheckTarget = { page: "step", stepId: step.id };
    if (plainLabel(step.text) === defaultText) {
      items.push({
        severity: "warning",
        rule: "default-text",
        message: `Step ${i + 1} still shows the default question "${DEFAULT_STEP_TEXT}": write the question shoppers should see.`,
        target,
      });
    }
    if ((step.type === "single" || step.type === "multiple") && step.choices.length === 0) {
      items.push({
        severity: "error",
        rule: "no-choices",
        message: `${name} asks a question but has no choices: add choices, or make it a content step.`,
        target,
      });
    }
    step.choices.forEach((choice, j) => {
      if (plainLabel(choice.text) !== "") return;
      items.push({
        severity: "error",
        rule: "empty-choice",
        message: `${name}: choice ${j + 1} has no text: write one (shoppers and screen readers need it) or delete the choice.`,
        target: { page: "step", stepId: step.id, choiceId: choice.id },
      });
    });
  });
  for (const found of floowUrls(draft)) {
    if (isUsableAddress(found.url, found.kind)) continue;
    const what = found.kind === "link" ? "a link to" : "the image";
    items.push({
      severity: "error",
      rule: found.kind === "link" ? "link-not-http" : "image-not-http",
      message: `${found.place}: ${what} "${shortUrl(found.url) || "(empty)"}" is not an http(s) address: use a full address starting with https://${found.kind === "image" ? " or upload the image" : ""}.`,
      target: found.target,
    });
  }
  return items;
}

/** Whether any item blocks publishing. */
export function hasErrors(items: readonly CheckItem[]): boolean {
  return items.some((item) => item.severity === "error");
}
