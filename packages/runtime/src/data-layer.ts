type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * Calls `read` with every entry of the page's `window.dataLayer`: those already there, then
 * each one pushed later. Later ones are seen by wrapping `push`, as Google's own data-layer
 * helper does: whoever wraps it next (gtag.js, Tag Manager) calls this one in turn.
 */
export function watchDataLayer(win: Window, read: (entry: unknown) => void): void {
  const w = win as DataLayerWindow;
  const layer = Array.isArray(w.dataLayer) ? w.dataLayer : (w.dataLayer = []);
  const safe = (entry: unknown) => {
    try {
      read(entry);
    } catch (error) {
      console.error("[floows]", error);
    }
  };
  layer.forEach(safe);
  const push = layer.push;
  layer.push = function (this: unknown[], ...entries: unknown[]) {
    const length = push.apply(this, entries);
    entries.forEach(safe);
    return length;
  };
}
