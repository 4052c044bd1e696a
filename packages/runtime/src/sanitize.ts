/**
 * A tiny allow-list HTML sanitizer on the browser's own parser (a `<template>`, whose content
 * is inert: no scripts run, no images load while parsing). Rich text of steps and choices
 * and product descriptions go through it; product names are rendered as text and never here.
 * A heavy library (DOMPurify) would cost more than the whole renderer's budget. The
 * allow-list is `@floow/domain`'s, which the public API applies too (see README: the script-tag
 * renderer shows the API's sanitized text without running this).
 */
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_TAGS,
  safeUrl,
} from "@floow/domain/logic";

const ALLOWED = /* @__PURE__ */ new Set(RICH_TEXT_TAGS);
const ATTRIBUTES = /* @__PURE__ */ new Set(RICH_TEXT_ATTRIBUTES);
const DROPPED = /* @__PURE__ */ new Set(RICH_TEXT_DROPPED);

export { safeUrl };

function clean(parent: ParentNode, top: boolean): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 3) continue; // text
    if (node.nodeType !== 1) {
      node.parentNode?.removeChild(node); // comments, processing instructions
      continue;
    }
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED.has(tag)) {
      el.remove();
      continue;
    }
    clean(el, top);
    if (!ALLOWED.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    const sameTab = top && el.getAttribute("target") === "_top";
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (!ATTRIBUTES.has(name)) {
        el.removeAttribute(attr.name);
      } else if (name === "href" || name === "src") {
        const url = safeUrl(attr.value, name === "src");
        if (url === null) el.removeAttribute(attr.name);
      }
    }
    if (tag === "a") {
      // The public API marks a link to the merchant's own site `_top` (docs/editor.md, "Links
      // in texts"): kept where the caller allows it (a live floow, not the editor's preview,
      // which never leaves the editor); every other link opens in a new tab.
      if (sameTab) {
        el.setAttribute("target", "_top");
        el.setAttribute("rel", "noopener");
      } else {
        el.setAttribute("target", "_blank");
        el.setAttribute("rel", "noopener noreferrer nofollow");
      }
    }
  }
}

const cache = new Map<string, string>();

/**
 * HTML with only allow-listed elements and attributes and safe URLs. With `top`, a link the
 * public API marked `target="_top"` (the merchant's own site) keeps it.
 */
export function sanitizeHtml(html: unknown, top = false): string {
  if (typeof html !== "string" || html === "") return "";
  const key = top ? `top:${html}` : html;
  let out = cache.get(key);
  if (out === undefined) {
    const template = document.createElement("template");
    template.innerHTML = html;
    clean(template.content, top);
    out = template.innerHTML;
    // Rendering repeats the same texts: keep the last few hundred.
    if (cache.size > 300) cache.clear();
    cache.set(key, out);
  }
  return out;
}

/** The plain text of an HTML fragment (for events and labels), whitespace collapsed. */
export function htmlToText(html: unknown): string {
  if (typeof html !== "string") return "";
  const template = document.createElement("template");
  // Block elements and line breaks separate words.
  template.innerHTML = html.replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, " $&");
  for (const el of Array.from(template.content.querySelectorAll("script,style,template")))
    el.remove();
  return (template.content.textContent ?? "").replace(/\s+/g, " ").trim();
}
