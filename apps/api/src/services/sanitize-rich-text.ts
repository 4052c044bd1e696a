import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_TAGS,
  richLinkTarget,
  safeUrl,
} from "@floow/domain/shared";
import type { PublicFloow } from "@floow/domain/public";
import sanitizeHtml from "sanitize-html";

/**
 * The rich-text policy of floows (start, step, choice and finish texts) for a floow of the
 * domain whose site is `siteHost` (`siteHostOf` of the domain's host): `@floow/domain`'s
 * allow-list, the one the runtime's browser sanitizer applies, so a text looks the same
 * whichever sanitized it. Links and images keep only safe URLs (`safeUrl`: no `javascript:`,
 * images no `data:` but images'). A link opens where `richLinkTarget` says (docs/editor.md,
 * "Links in texts"): one to the merchant's own site or a relative one in the shopper's tab
 * (`target="_top"`: also from the hosted page in an iframe), one to another site in a new
 * tab without the opener or the referrer, `mailto:` and `tel:` with no target; what the
 * author wrote as `target` or `rel` is replaced. Event handlers, styles, scripts, iframes and
 * every other element or attribute are dropped (the elements in RICH_TEXT_DROPPED with their
 * content, the others unwrapped).
 */
function richTextPolicy(siteHost: string): sanitizeHtml.IOptions {
  return {
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
        if (tagName === "a") {
          delete out.target;
          delete out.rel;
          const target = richLinkTarget(out.href, siteHost);
          if (target === "top") out.target = "_top";
          if (target === "blank")
            Object.assign(out, { target: "_blank", rel: "noopener noreferrer" });
        }
        return { tagName, attribs: out };
      },
    },
  };
}

const sanitized = new Map<string, string>();
/** Texts kept sanitized (a floows answer is built again every few seconds while requested); few, to stay small in memory. */
const SANITIZED_MAX = 1000;

/**
 * A floow's rich text as HTML safe to show on a merchant's page (each distinct text of a site
 * sanitized once), its links opening per the merchant's site `siteHost` (`siteHostOf`; ""
 * when unknown: only relative links stay in the tab).
 */
export function sanitizeRichText(value: unknown, siteHost = ""): string {
  if (typeof value !== "string" || value === "") return "";
  const key = `${siteHost}\u0000${value}`;
  let out = sanitized.get(key);
  if (out === undefined) {
    out = sanitizeHtml(value, richTextPolicy(siteHost));
    if (sanitized.size >= SANITIZED_MAX) sanitized.clear();
    sanitized.set(key, out);
  }
  return out;
}

/**
 * A published floow with every rich text sanitized and every image URL safe (`safeUrl`, an
 * unsafe one null): what the public floows answers carry, so the script-tag renderer shows
 * them without a sanitizer or URL check of its own. Links open per the merchant's site
 * `siteHost` (`sanitizeRichText`). Runs when an answer is built (then kept with it), not per
 * request; a text seen before is not parsed again.
 */
export function sanitizeFloowTexts(floow: PublicFloow, siteHost = ""): PublicFloow {
  const image = (url: string | null) => safeUrl(url, true);
  const rich = (value: unknown) => sanitizeRichText(value, siteHost);
  return {
    ...floow,
    start: { ...floow.start, text: rich(floow.start.text), image: image(floow.start.image) },
    finish: { ...floow.finish, text: rich(floow.finish.text), image: image(floow.finish.image) },
    steps: floow.steps.map((step) => ({
      ...step,
      text: rich(step.text),
      image: image(step.image),
      choices: step.choices.map((choice) => ({
        ...choice,
        text: rich(choice.text),
        image: image(choice.image),
      })),
    })),
  };
}
