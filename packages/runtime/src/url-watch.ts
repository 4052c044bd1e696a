/**
 * Single-page apps change the URL with the History API, which fires no event: pushState and
 * replaceState are wrapped (once per page, never unwrapped, since other scripts may have
 * wrapped them after us) to dispatch `floows:locationchange`; popstate covers the back
 * button and hashchange anchors.
 */
export const LOCATION_EVENT = "floows:locationchange";

export function patchHistory(): void {
  const h = history as History & { __floows?: boolean };
  if (h.__floows) return;
  h.__floows = true;
  for (const name of ["pushState", "replaceState"] as const) {
    const original = h[name];
    h[name] = function (this: History, ...args: Parameters<History["pushState"]>) {
      original.apply(this, args);
      dispatchEvent(new Event(LOCATION_EVENT));
    };
  }
}

/**
 * Calls `callback` after each change of `location.href`; returns the unsubscribe. (The
 * script-tag renderer starts after the loader, which patched the history already.)
 */
export function watchUrl(callback: () => void): () => void {
  if (!__SCRIPT_TAG__) patchHistory();
  let last = location.href;
  const check = () => {
    if (location.href === last) return;
    last = location.href;
    callback();
  };
  const events = [LOCATION_EVENT, "popstate", "hashchange"];
  for (const event of events) addEventListener(event, check);
  return () => {
    for (const event of events) removeEventListener(event, check);
  };
}
