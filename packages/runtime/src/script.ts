/**
 * The renderer for the script tag (`/runtime/floow.js`), exposed as `window.FloowRuntime`:
 * `mount(element | null, options)` for one floow, `open`, `on`, `destroy`, and `start`,
 * which the loader (`embed.js`) hands over to with its data and trigger rules.
 */
import { ELEMENT_NAME } from "./element";
import { script } from "./render/lazy";

export { mountFloow as mount } from "./mount";
export { open, on, destroy, version } from "./registry";
export { start } from "./auto";
/** For the chunk beside floow.js (render/lazy.ts): Preact and the parts it shares. */
export { shared } from "./render/lazy";

// `<floow-widget floow-id>` (element.ts) comes in its own small chunk, `floow-widget.js`,
// fetched once a tag is in the page (now, or added later: a theme block, a tag manager);
// a page showing floows by its domain's triggers alone never downloads it.
// Consent and conversions (`tracking.js`, chunks/tracking.ts) on every page of a domain's
// loader (`data-domain`), fetched after floow.js: nothing of it delays a start page.
if (document.querySelector("script[data-domain]")) script("tracking");

const tags = document.getElementsByTagName(ELEMENT_NAME);
const check = () => tags[0] && (watch.disconnect(), script("floow-widget"));
const watch = new MutationObserver(check);
watch.observe(document, { childList: true, subtree: true });
check();
