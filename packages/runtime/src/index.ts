/**
 * @floow/runtime: show Floow floows in your own app.
 *
 * ```ts
 * import { mount, on } from "@floow/runtime";
 * const floow = mount(document.querySelector("#advisor")!, { floowId: "…", apiUrl: "https://app.floow.io" });
 * on("finish", (event) => console.log(event.products));
 * ```
 */
import { startDomain } from "./auto";
import type { Controller } from "./controller";
import { trackLiveFloows } from "./live-tracking";
import { browserOnly, mountFloow } from "./mount";
import type { FloowInstance, MountOptions } from "./mount";
import { sendConversion } from "./conversion";
import type { Conversion, ConversionTarget } from "./conversion";
import { track } from "./tracking";

export type { FloowInstance, MountOptions, MountSettings } from "./mount";
export { DESKTOP_MIN_WIDTH } from "./mount";
export type { View } from "./flow";
export type {
  EventChoice,
  EventFilter,
  EventFormInput,
  EventHandler,
  EventStep,
  FloowEvent,
} from "./events";
export { EVENTS_VERSION } from "./events";
export { sanitizeHtml } from "./sanitize";
export type { Brand } from "./theme";
export type {
  ContainerType,
  Device,
  Floow,
  FloowEventType,
  Language,
  Product,
  PublicDomain,
  PublicFloow,
  PublicResults,
  Step,
  Choice,
  FormInput,
  Trigger,
} from "@floow/domain/logic";
export { EVENT_NAME, EVENT_TYPES } from "@floow/domain/logic";

export { open, on, destroy, version } from "./registry";

// A live floow's mount (`floowId`, or `open(id)`) starts consent and conversions for its
// domain, as the script tag does (mount.ts `tracking`); the first domain started stays.
trackLiveFloows();
export { consent } from "./consent";
export type { Consent } from "./consent";
export type { Conversion, ConversionTarget } from "./conversion";

/**
 * Reports an order (docs/events.md "Conversions"), on the thank-you page: to the domain of the
 * first `mount({ domainId, apiUrl })` or `mount(element, { floowId, apiUrl })`, or to `to`. Resolves true when Floow took it; an order
 * counts once however often it is reported.
 */
export function conversion(order: Conversion, to?: ConversionTarget): Promise<boolean> {
  return sendConversion(order, "runtime", to);
}

/** `mount({ domainId, apiUrl })`: what the script tag does, from your bundle. */
export interface DomainMountOptions {
  domainId: string;
  apiUrl: string;
  /** Log why each trigger did or did not match (like `?floowsDebug=true`). */
  debug?: boolean;
}

/** The handle of `mount({ domainId })`: open a floow, evaluate the triggers again, stop. */
export type DomainMount = Controller;

function isDomainOptions(value: unknown): value is DomainMountOptions {
  return (
    typeof value === "object" && value !== null && "domainId" in value && !("nodeType" in value)
  );
}

/**
 * Mounts a floow in `element` (embedded, or a dialog floow's start page with the dialog
 * over the page); with `null`, a dialog over the page. Pass the configuration (`floow`) or
 * a live floow's id (`floowId` with `apiUrl`).
 */
export function mount(element: Element | null, options: MountOptions): FloowInstance;
/** Shows a domain's live floows by their triggers, like the script tag. */
export function mount(options: DomainMountOptions): DomainMount;
export function mount(
  element: Element | null | DomainMountOptions,
  options?: MountOptions,
): FloowInstance | DomainMount {
  browserOnly();
  if (isDomainOptions(element)) {
    // Consent and conversions for the domain's pages (tracking.ts).
    track(element.domainId, element.apiUrl);
    return startDomain(element.domainId, element.apiUrl, element.debug);
  }
  if (!options) throw new TypeError("mount: options are required");
  return mountFloow(element, options);
}
