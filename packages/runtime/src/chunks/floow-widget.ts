// The script tag's `<floow-widget>` (`/runtime/floow-widget.js`, element.ts): fetched by
// floow.js only when a page has the tag (script.ts), so the pages with a domain's triggers
// alone do not download it. It mounts with floow.js's `FloowRuntime.mount`; a tag without
// `api-url` uses the origin this file came from (floow.js's).
import { defineElement } from "../element";
import type { mountFloow } from "../mount";

const src = (document.currentScript as HTMLScriptElement | null)?.src;
defineElement(
  (window as unknown as { FloowRuntime: { mount: typeof mountFloow } }).FloowRuntime.mount,
  src && new URL(src).origin,
);
