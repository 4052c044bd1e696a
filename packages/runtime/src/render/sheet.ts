/**
 * A floow's stylesheets in its shadow root, under a strict Content-Security-Policy too (no
 * `style-src 'unsafe-inline'`, issue 24): constructable stylesheets (`adoptedStyleSheets`),
 * which CSP does not govern. In the script tag every floow also adopts the one sheet of the
 * chunk's rules (render/lazy.ts `pagesSheet`), after its own as in the npm build's one sheet,
 * filled when the chunk arrives. Browsers without them (Safari before 16.4, Firefox before
 * 101) get `<style>` elements carrying the nonce of the loader's script tag (render/lazy.ts;
 * the chunk's rendered by app.tsx), which a policy with that nonce in `style-src` allows.
 * The inline styles Preact sets (`style` props) are CSSOM writes, which CSP allows.
 */
import { nonce, pagesSheet } from "./lazy";

/** Gives a fresh shadow root the floow's stylesheet. */
export function addStyles(root: ShadowRoot, css: string): void {
  if (root.adoptedStyleSheets) {
    // A root adopts only sheets its own document made: an element in an iframe (npm build)
    // needs the iframe's constructor. The script tag renders in its own page only.
    const Sheet = __SCRIPT_TAG__
      ? CSSStyleSheet
      : (root.ownerDocument.defaultView ?? window).CSSStyleSheet;
    const sheet = new Sheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = __SCRIPT_TAG__ ? [sheet, pagesSheet()] : [sheet];
  } else {
    const style = document.createElement("style");
    // The npm build has no loader tag to read a nonce from.
    if (__SCRIPT_TAG__) style.nonce = nonce!;
    style.textContent = css;
    root.append(style);
  }
}
