/**
 * The element a floow renders into: a `<div data-floow-host>`. The renderer gives it an open
 * shadow root, so the page's CSS does not reach the floow (`:host { all: initial }` stops
 * inheritance too) and the floow's CSS stays inside. Until then the loader shows a grey
 * skeleton block on it with inline styles (which beat the page's CSS): no stylesheet and
 * no animation, so the loader stays within 2 kB.
 */
export const HOST_ATTR = "data-floow-host";

/** A new host, without a skeleton (the renderer's own: it renders in it at once). */
export function newHost(floowId: string): HTMLElement {
  const host = document.createElement("div");
  host.setAttribute(HOST_ATTR, floowId);
  return host;
}

/**
 * A new host showing a skeleton (`dialog`: a modal backdrop) until a floow renders in it.
 * The loader's copy is the one the script-tag renderer's controller uses (`ControllerOptions.host`).
 */
export function createHost(floowId: string, dialog?: boolean): HTMLElement {
  const host = newHost(floowId);
  // `display` is important: the page's `div { display: none }` must not hide the skeleton.
  host.style.cssText = `display:block!important;${
    dialog
      ? "position:fixed;inset:0;z-index:2147483000;background:#0006"
      : "height:160px;max-width:600px;margin:16px auto;border-radius:12px;background:#eee"
  }`;
  return host;
}

/** Takes a host over from its skeleton. */
export function clearSkeleton(host: HTMLElement): void {
  host.removeAttribute("style");
}
