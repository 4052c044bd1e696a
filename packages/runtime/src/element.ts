/**
 * `<floow-widget floow-id="FLOOW_ID" api-url="https://FLOOW_HOST">`: one floow, placed where
 * the tag is, with no JavaScript to write (a Shopify Custom Liquid block, a WordPress Custom
 * HTML block, a Google Tag Manager Custom HTML tag). Registered by the script-tag renderer
 * (`floow.js`, which `embed.js` loads, with or without `data-domain`; its origin is the
 * default `api-url`) and by the npm package's `@floow/runtime/element` on import. It lives
 * in the renderer, not the loader: the loader's 2 kB has no room, and a tag waits for the
 * renderer anyway (until then the tag is an empty, unknown element).
 *
 * Attributes: `floow-id` (required), `api-url` (the Floow API's origin), `open` (a dialog
 * floow opens over the page at once instead of showing its start page at the tag) and, in the
 * npm build, `tracking="off"` (the mount option `tracking: false`: no consent or conversions
 * started for the floow's domain; the script tag's come with its loader's `data-domain`).
 * Connected, it mounts the floow inside itself; removed, it destroys it (its host, listeners
 * and dialog go); a changed attribute mounts it again with the new value.
 */
import type { FloowInstance, MountSettings } from "./mount";

export const ELEMENT_NAME = "floow-widget";

/**
 * Registers `<floow-widget>` once per page (a second renderer, or the script tag beside the
 * npm package, leaves the first registration in place). `apiUrl`: for a tag without `api-url`.
 */
export function defineElement(
  mount: (element: Element, options: MountSettings) => FloowInstance,
  apiUrl?: string,
): void {
  if (typeof customElements == "undefined" || customElements.get(ELEMENT_NAME)) return;
  customElements.define(
    ELEMENT_NAME,
    class extends HTMLElement {
      static observedAttributes = ["floow-id", "api-url", "open"];
      /** The floow this element shows (while connected). */
      _floow?: FloowInstance;

      connectedCallback() {
        const floowId = this.getAttribute("floow-id");
        if (!this._floow && floowId)
          this._floow = mount(this, {
            floowId,
            apiUrl: this.getAttribute("api-url") || apiUrl,
            open: this.hasAttribute("open"),
            // The script tag's renderer ignores the option: the attribute is the npm build's.
            ...(!__SCRIPT_TAG__ && { tracking: this.getAttribute("tracking") !== "off" }),
          });
      }

      disconnectedCallback() {
        this._floow?.destroy();
        this._floow = undefined;
      }

      // Parsing or upgrading a tag calls this for each attribute before `connectedCallback`:
      // only a floow already shown is mounted again.
      attributeChangedCallback() {
        if (this._floow) {
          this.disconnectedCallback();
          this.connectedCallback();
        }
      }
    },
  );
}
