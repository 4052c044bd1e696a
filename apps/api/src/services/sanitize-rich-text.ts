import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_TAGS, safeUrl } from "@floow/domain";
import type { PublicFloow } from "@floow/domain";
import sanitizeHtml from "sanitize-html";

/**
 * The rich-text policy of floows (start, step, choice and finish texts): `@floow/domain`'s
 * allow-list, the one the runtime's browser sanitizer applies, so a text looks the same
 * whichever sanitized it. Links and images keep only safe URLs (`safeUrl`: no `javascript:`,
 * images no `data:` but images'), links open in a new tab without the opener; event handlers,
 * styles, scripts, iframes and every other element or attribute are dropped (the elements in
 * RICH_TEXT_DROPPED with their content, the others unwrapped).
 */
const RICH_TEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: { "*": RICH_TEXT_ATTRIBUTES, a: [...RICH_TEXT_ATTRIBUTES, "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: true,
  disallowedTagsMode: "discard",
  nonTextTags: RICH_TEXT_DROPPED,
  transformTags: {
    // The runtime's URL rule on top of sanitize-html's scheme check (which lets any `data:` through on images).
    "*": (tagName, attribs) => {
      const out = { ...attribs };
      if ("href" in out && safeUrl(out.href) === null) delete out.href;
      if ("src" in out && safeUrl(out.src, true) === null) delete out.src;
      if (tagName === "a")
        Object.assign(out, { target: "_blank", rel: "noopener noreferrer nofollow" });
      return { tagName, attribs: out };
    },
  },
};

const sanitized = new Map<string, string>();
/** Texts kept sanitized (a floows answer is built again every few seconds while requested); few, to stay small in memory. */
const SANITIZED_MAX = 1000;

/** A floow's rich text as HTML safe to show on a merchant's page (each distinct text sanitized once). */
export function sanitizeRichText(value: unknown): string {
  if (typeof value !== "string" || value === "") return "";
  let out = sanitized.get(value);
  if (out === undefined) {
    out = sanitizeHtml(value, RICH_TEXT_POLICY);
    if (sanitized.size >= SANITIZED_MAX) sanitized.clear();
    sanitized.set(value, out);
  }
  return out;
}

/**
 * A published floow with every rich text sanitized and every image URL safe (`safeUrl`, an
 * unsafe one null): what the public floows answers carry, so the script-tag renderer shows
 * them without a sanitizer or URL check of its own. Runs when an answer is built (then kept
 * with it), not per request; a text seen before is not parsed again.
 */
export function sanitizeFloowTexts(floow: PublicFloow): PublicFloow {
  const image = (url: string | null) => safeUrl(url, true);
  return {
    ...floow,
    start: { ...floow.start, text: sanitizeRichText(floow.start.text), image: image(floow.start.image) },
    finish: { ...floow.finish, text: sanitizeRichText(floow.finish.text), image: image(floow.finish.image) },
    steps: floow.steps.map((step) => ({
      ...step,
      text: sanitizeRichText(step.text),
      image: image(step.image),
      choices: step.choices.map((choice) => ({
        ...choice,
        text: sanitizeRichText(choice.text),
        image: image(choice.image),
      })),
    })),
  };
}
