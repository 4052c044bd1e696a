/**
 * The npm build's consent and conversions for a live floow (docs/events.md "The npm build"):
 * `mount(element, { floowId, apiUrl })`, `open(floowId, { apiUrl })` and the `<floow-widget>`
 * of `@floow/runtime/element` start them for the floow's domain once it is fetched (mount.ts
 * `tracking`); the first domain started stays. Called by each npm entry (index.ts, widget.ts),
 * so the script tag's renderer carries none of it.
 */
import { liveFloow } from "./mount";
import { track } from "./tracking";

export function trackLiveFloows(): void {
  liveFloow.loaded = (floow, apiUrl) => {
    if (floow.domainId) track(floow.domainId, apiUrl);
  };
}
