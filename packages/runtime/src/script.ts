/**
 * The renderer for the script tag (`/runtime/floow.js`), exposed as `window.FloowRuntime`:
 * `mount(element | null, options)` for one floow, `open`, `on`, `destroy`, and `start`,
 * which the loader (`embed.js`) hands over to with its data and trigger rules.
 */
import { defineElement } from "./element";
import { mountFloow } from "./mount";

export { mountFloow as mount };
export { open, on, destroy, version } from "./registry";
export { start } from "./auto";
/** For the chunk beside floow.js (render/lazy.ts): Preact and the parts it shares. */
export { shared } from "./render/lazy";

// `<floow-widget floow-id>` (element.ts), its API the origin this file was loaded from.
const src = (document.currentScript as HTMLScriptElement | null)?.src;
defineElement(mountFloow, src && new URL(src).origin);
