/**
 * `import "@floow/runtime/element"`: registers `<floow-widget floow-id api-url>` (element.ts)
 * on import, mounting with this package's renderer. Without a browser (server rendering)
 * the import does nothing. A tag's live floow starts consent and conversions for its domain,
 * as `mount(element, { floowId, apiUrl })` does; `tracking="off"` leaves them off.
 */
import { defineElement } from "./element";
import { trackLiveFloows } from "./live-tracking";
import { mountFloow } from "./mount";

export { ELEMENT_NAME } from "./element";

trackLiveFloows();
defineElement(mountFloow);

declare global {
  interface HTMLElementTagNameMap {
    "floow-widget": HTMLElement;
  }
}
