/**
 * The page's consent (docs/events.md "Consent"), from three sources: Google Consent Mode v2
 * (`gtag('consent', 'default' | 'update', { analytics_storage, ad_storage, ad_user_data })`
 * on the data layer), the IAB TCF v2.2 API (`__tcfapi('addEventListener', 2, …)`) and the
 * page's own `floow.consent({ analytics, marketing })`. The domain says which source to trust
 * (`auto`: `floow.consent()` first, then TCF, then Consent Mode) and what to assume while it
 * has said nothing. The visitor id (session.ts) is written only while analytics consent
 * stands, and removed when the shopper refuses.
 */
import type { ConsentSource, PublicConsentSettings } from "@floow/domain/logic";
import { VISITOR_KEY, sessionId } from "./session";

export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

/** A source's latest word, and whether it was the shopper's decision or only a default. */
interface Signal extends Consent {
  decided: boolean;
}

type Source = Exclude<ConsentSource, "auto">;
/** In the order `auto` trusts them. */
const SOURCES: readonly Source[] = ["floow", "tcf", "consent-mode"];

const signals: Partial<Record<Source, Signal>> = {};
/** Until the domain's settings are here, nothing is written or removed. */
let settings: PublicConsentSettings | undefined;

/** The consent that stands now, by the domain's settings (undefined before they are known). */
export function currentConsent(): (Consent & { decided: boolean }) | undefined {
  if (!settings) return undefined;
  const trusted = settings.source === "auto" ? SOURCES : [settings.source];
  for (const source of trusted) {
    const signal = signals[source];
    if (signal) return signal;
  }
  const granted = settings.default === "granted";
  return { analytics: granted, marketing: granted, decided: false };
}

/**
 * Writes the visitor id when analytics consent stands, removes it when the shopper refused;
 * a default that denies (no decision yet: a CMP replays the shopper's choice a moment later)
 * neither writes nor removes, so a returning visitor keeps their id.
 */
function apply(): void {
  const consent = currentConsent();
  if (!consent) return;
  try {
    if (consent.analytics) {
      // The tab's session id becomes the visitor id: an experiment assigned the visitor by
      // it before consent was known (session.ts, visitorQuery), and the arm stays.
      if (!localStorage.getItem(VISITOR_KEY)) localStorage.setItem(VISITOR_KEY, sessionId());
    } else if (consent.decided) localStorage.removeItem(VISITOR_KEY);
  } catch {
    // No storage (privacy modes, sandboxed frames): no visitor id, as without consent.
  }
}

/** The domain's consent settings arrived (the public domain answer): consent applies from now. */
export function useConsentSettings(value: PublicConsentSettings | undefined): void {
  settings = value ?? { source: "auto", default: "denied" };
  apply();
}

/** A source's signal (a later one of the same source replaces it). */
export function signal(source: Source, consent: Signal): void {
  signals[source] = consent;
  apply();
}

/** `floow.consent({ analytics, marketing })`: the page's own decision (a missing one is a no). */
export function consent(value: Partial<Consent>): void {
  signal("floow", { analytics: !!value.analytics, marketing: !!value.marketing, decided: true });
}

/** Consent Mode's running state, built from its commands in data-layer order. */
const consentMode: Partial<Record<"analytics_storage" | "ad_storage" | "ad_user_data", string>> =
  {};
let consentModeDecided = false;

/**
 * A data-layer entry, if it is a Consent Mode command (`gtag('consent', 'default' | 'update',
 * params)` pushes its `arguments`). A default scoped to regions is skipped: the runtime cannot
 * know the shopper's region (docs/events.md).
 */
export function readConsentMode(entry: unknown): void {
  const args = entry as ArrayLike<unknown> | null;
  if (!args || typeof args !== "object" || args[0] !== "consent") return;
  const command = args[1];
  const params = args[2] as Record<string, unknown> | null | undefined;
  if ((command !== "default" && command !== "update") || !params || typeof params !== "object")
    return;
  if (command === "default" && params.region !== undefined) return;
  for (const key of ["analytics_storage", "ad_storage", "ad_user_data"] as const)
    if (typeof params[key] === "string") consentMode[key] = params[key];
  if (command === "update") consentModeDecided = true;
  if (consentMode.analytics_storage === undefined) return;
  signal("consent-mode", {
    analytics: consentMode.analytics_storage === "granted",
    // Marketing: advertising storage and sending user data for it (Consent Mode v2).
    marketing: consentMode.ad_storage === "granted" && consentMode.ad_user_data !== "denied",
    decided: consentModeDecided,
  });
}

/** What a TCF v2.2 CMP hands an `addEventListener` callback (the fields read here). */
export interface TcData {
  eventStatus?: string;
  gdprApplies?: boolean;
  purpose?: { consents?: Record<string, boolean | undefined> };
}

type TcfApi = (
  command: string,
  version: number,
  callback: (data: TcData | null, success: boolean) => void,
) => void;

/**
 * The TCF's word once the CMP has it (`tcloaded`: a choice stored earlier; `useractioncomplete`:
 * the shopper just chose; `cmpuishown` is no decision). Where the GDPR does not apply, both are
 * granted. Otherwise, as the publisher's own purposes (Floow works for the merchant, it is no
 * vendor of the Global Vendor List): analytics needs purpose 1 (store and access information on
 * a device) and 8 (measure content performance); marketing purposes 1, 3 and 4 (create and use
 * profiles for personalised advertising).
 */
export function readTcf(data: TcData | null): void {
  if (!data || (data.eventStatus !== "tcloaded" && data.eventStatus !== "useractioncomplete"))
    return;
  const consents = data.purpose?.consents ?? {};
  const all = (...purposes: number[]) =>
    data.gdprApplies === false || purposes.every((purpose) => consents[purpose] === true);
  signal("tcf", { analytics: all(1, 8), marketing: all(1, 3, 4), decided: true });
}

/**
 * How long a page without a TCF CMP is looked at again, for one that loads late: every
 * `every` ms, `tries` times in all (10 s).
 */
export const TCF_WAIT = { every: 250, tries: 40 } as const;

/**
 * Listens to the page's TCF CMP, when it has one (docs/events.md "Consent"). A CMP is to put
 * its `__tcfapi` stub in the page before any other tag, and then it is here at once; one
 * loaded later without the stub (async, or by a tag manager) is looked for again every 250 ms
 * for 10 s, then no more: the domain's default stands. Only this window's CMP is read (not a
 * parent page's through its `__tcfapiLocator` frame: the loader runs in the merchant's page).
 */
export function watchTcf(win: Window, tries: number = TCF_WAIT.tries): void {
  const api = (win as Window & { __tcfapi?: TcfApi }).__tcfapi;
  if (typeof api === "function")
    try {
      api("addEventListener", 2, (data, success) => success && readTcf(data));
    } catch {
      // A broken CMP: no TCF signal.
    }
  else if (--tries) setTimeout(watchTcf, TCF_WAIT.every, win, tries);
}

/** For tests: forget every signal and setting. */
export function resetConsent(): void {
  for (const source of SOURCES) delete signals[source];
  for (const key of Object.keys(consentMode)) delete consentMode[key as keyof typeof consentMode];
  consentModeDecided = false;
  settings = undefined;
}
