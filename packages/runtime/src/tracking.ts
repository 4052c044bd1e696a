/**
 * Consent and conversions on a domain's pages (docs/events.md "Consent" and "Conversions"):
 * started by the script tag's `tracking.js` chunk on every page with the loader, and by the
 * npm build's `mount({ domainId, apiUrl })`. Reads the domain's settings (a small public
 * answer of their own, `GET /api/public/domains/:id/tracking`), then applies consent and, when
 * the domain enables it, reports the page's GA4 `purchase` events.
 */
import type { PublicTrackingSettings } from "@floow/domain/logic";
import { readConsentMode, useConsentSettings, watchTcf } from "./consent";
import { ga4Purchase, sendConversion, setConversionTarget } from "./conversion";
import { watchDataLayer } from "./data-layer";

let started = false;

export function track(domainId: string, apiUrl: string, win: Window = window): void {
  if (started) return;
  started = true;
  const base = apiUrl.replace(/\/+$/, "");
  setConversionTarget({ domainId, apiUrl: base });
  // Consent Mode's commands count from the first (they come in order); purchases only once
  // the domain says to report them.
  const purchases: unknown[] = [];
  let reportPurchases: boolean | undefined;
  const report = (entry: unknown) => {
    const order = ga4Purchase(entry);
    if (order) void sendConversion(order, "datalayer");
  };
  watchDataLayer(win, (entry) => {
    readConsentMode(entry);
    if (reportPurchases) report(entry);
    else if (reportPurchases === undefined) purchases.push(entry);
  });
  watchTcf(win);
  fetch(`${base}/api/public/domains/${encodeURIComponent(domainId)}/tracking`)
    // An error's answer (an unknown domain's 404) has neither field, as no answer has.
    .then((response) => response.json() as Promise<PublicTrackingSettings>)
    .catch(() => null)
    .then((answer) => {
      // No answer (a network error, an unknown domain): any source, no consent assumed.
      useConsentSettings(answer?.consent);
      reportPurchases = !!answer?.datalayerPurchases;
      if (reportPurchases) purchases.forEach(report);
      purchases.length = 0;
    });
}
