/**
 * The shapes of the public runtime API (`/api/public/*`, docs/architecture.md "Public API").
 * Dependency-free so the runtime can use them.
 */
import type { PublicConsentSettings } from "../conversion/types";
import type { BrandPaints } from "../domain/paint";
import type { Color, Font } from "../domain/types";
import type { Product } from "../feed/types";
import type { IconPath } from "../floow/icons";
import type { Floow } from "../floow/types";
import type { ResultCard } from "../results/product";
import type { FloowTexts } from "./texts";

/** What the runtime knows of a domain: its id and brand colours and fonts. */
export interface PublicDomain {
  id: string;
  colors: Color[];
  fonts: Font[];
  /**
   * The colours the floows paint with (`brandPaints`): the public answers always carry them
   * (the script-tag renderer has no colour arithmetic); a brand given to the npm build
   * directly may leave them out.
   */
  paints?: BrandPaints;
  /**
   * Which consent signal the runtime trusts on the domain's pages and what it assumes without
   * one (docs/events.md "Consent"): the public answers always carry it; without it (a brand
   * given to the npm build directly) the runtime trusts any source and assumes no consent.
   */
  consent?: PublicConsentSettings;
  /** The runtime reports the page's GA4 `purchase` events as conversions (docs/events.md). */
  datalayerPurchases?: boolean;
}

/**
 * A live floow as the runtime gets it: everything it renders, without what stays in the
 * dashboard (feed, author, status, creation time, and the results filters, which the server
 * applies in the results call).
 */
export type PublicFloow = Omit<
  Floow,
  "feedId" | "userId" | "createdAt" | "status" | "filters" | "filterGroups"
> & {
  /**
   * The runtime's texts and validation messages in the floow's language. The public floows
   * answers always carry them (the script-tag renderer has no others); a floow given to the
   * npm build directly may leave them out (it has all four languages).
   */
  texts?: FloowTexts;
  /**
   * The paths of the icons the floow draws (`floowIcons`), by name: carried like `texts`,
   * for the script-tag renderer, which bundles none.
   */
  icons?: Record<string, IconPath>;
  /**
   * The number of the published version this is (docs/domains-and-floows.md, "Drafts and
   * versions"): the public answers always carry it, and the runtime stamps it on every event
   * as `floowVersion`. A floow given to the npm build directly (the editor preview) has none.
   */
  floowVersion?: number;
  /**
   * The visitor's arm of the floow's running experiment (docs/analytics.md, "Experiments"):
   * the runtime stamps it on every event as `variantId`. Only in answers asked for with a
   * visitor key (`?visitor=`) while an experiment runs; `floowVersion` is then the variant's.
   */
  variantId?: string;
  /**
   * The visitor is in the experiment's holdout: the runtime shows nothing and records one
   * `holdout` event where the floow would have been shown (so the lift can be measured).
   */
  holdout?: true;
};

/** `GET /api/public/domains/:domainId/floows`: the domain's live floows. */
export interface PublicDomainFloows {
  domain: PublicDomain;
  floows: PublicFloow[];
}

/** `GET /api/public/floows/:id`: one live floow with its domain. */
export interface PublicFloowResponse {
  domain: PublicDomain;
  floow: PublicFloow;
}

/**
 * `POST /api/public/results`: the matching products (feed records; the name is plain text,
 * the description allow-listed HTML, url and image only http(s)), and whether they are a
 * best partial match.
 */
export interface PublicResults {
  /** The records, for the page's data layer and `on()` listeners (docs/events.md). */
  products: Product[];
  /**
   * The same products as their cards show them, read with the floow's results settings
   * (`resultProduct`), sanitized, and sent compactly (`compactCard`: the price as a number,
   * and the fields that are not the record's own): the script-tag renderer shows these
   * (`readCard`), so it carries no feed reading or price parsing of its own. The results call
   * always sends them; the npm runtime reads the records itself.
   */
  cards?: ResultCard[];
  partial: boolean;
  /**
   * With partial results: for each product, the labels of the shopper's answers it meets
   * (the card's "Matches: …"). Absent for exact results.
   */
  matches?: string[][];
}

/** `POST /api/public/events`: how many events were stored, and how many were ignored. */
export interface PublicEventsAccepted {
  accepted: number;
  ignored: number;
}

/** The body of every public API error (400 names the field in `fieldErrors`). */
export interface PublicApiError {
  error: {
    code: string;
    message: string;
    fieldErrors: { path: (string | number)[]; message: string }[];
  };
}
