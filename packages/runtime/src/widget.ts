/**
 * `import "@floow/runtime/element"`: registers `<floow-widget floow-id api-url>` (element.ts)
 * on import, mounting with this package's renderer. Without a browser (server rendering)
 * the import does nothing.
 */
import { defineElement } from "./element";
import { mountFloow } from "./mount";

export { ELEMENT_NAME } from "./element";

defineElement(mountFloow);

declare global {
  interface HTMLElementTagNameMap {
    "floow-widget": HTMLElement;
  }
}
