/**
 * A tiny allow-list HTML sanitizer on the browser's own parser (a `<template>`, whose content
 * is inert: no scripts run, no images load while parsing). Rich text of steps and choices
 * and product descriptions go through it; product names are rendered as text and never here.
 * A heavy library (DOMPurify) would cost more than the whole renderer's budget.
 */

/** Elements kept; any other element is unwrapped (its text stays). */
const ALLOWED = new Set(
  "a b blockquote br code div em h1 h2 h3 h4 h5 h6 hr i img li mark ol p pre s small span strong sub sup u ul".split(" "),
);

/** Attributes kept, on any kept element (`href` and `src` only with a safe URL). */
const ATTRIBUTES = new Set(["href", "title", "src", "alt", "width", "height"]);

/** Elements dropped with everything inside them. */
const DROPPED =
  /^(script|style|template|iframe|frame|frameset|object|embed|noscript|svg|math|form|input|button|textarea|select|option|link|meta|base|title|head|audio|video|source|track|canvas|applet|noembed|xmp|plaintext)$/;

/** `http:`, `https:`, `mailto:`, `tel:` and relative URLs; never `javascript:` or `data:`. */
export function safeUrl(url: unknown, images = false): string | null {
  if (typeof url !== "string") return null;
  const value = url.trim();
  if (value === "") return null;
  // Control characters and whitespace inside a scheme can hide `javascript:`.
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  if (!scheme) return value;
  if (scheme === "http" || scheme === "https") return value;
  if (!images && (scheme === "mailto" || scheme === "tel")) return value;
  if (images && /^data:image\/(png|jpe?g|gif|webp|avif);/.test(compact)) return value;
  return null;
}

function clean(parent: ParentNode): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 3) continue; // text
    if (node.nodeType !== 1) {
      node.parentNode?.removeChild(node); // comments, processing instructions
      continue;
    }
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED.test(tag)) {
      el.remove();
      continue;
    }
    clean(el);
    if (!ALLOWED.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
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
      el.setAttribute("target", "_blank");
      el.setAttribute("rel", "noopener noreferrer nofollow");
    }
  }
}

const cache = new Map<string, string>();

/** HTML with only allow-listed elements and attributes and safe URLs. */
export function sanitizeHtml(html: unknown): string {
  if (typeof html !== "string" || html === "") return "";
  let out = cache.get(html);
  if (out === undefined) {
    const template = document.createElement("template");
    template.innerHTML = html;
    clean(template.content);
    out = template.innerHTML;
    // Rendering repeats the same texts: keep the last few hundred.
    if (cache.size > 300) cache.clear();
    cache.set(html, out);
  }
  return out;
}

/** The plain text of an HTML fragment (for events and labels), whitespace collapsed. */
export function htmlToText(html: unknown): string {
  if (typeof html !== "string" || html === "") return "";
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, " ").trim();
  const template = document.createElement("template");
  // Block elements and line breaks separate words.
  template.innerHTML = html.replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, " $&");
  for (const el of Array.from(template.content.querySelectorAll("script,style,template")))
    el.remove();
  return (template.content.textContent ?? "").replace(/\s+/g, " ").trim();
}
