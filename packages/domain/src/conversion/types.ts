import type { ConsentDefault, ConsentSource } from "./constants";

/** One line of an order: `id` is matched against the products a floow showed or had clicked. */
export interface ConversionItem {
  id: string;
  name?: string;
  price?: number;
  quantity?: number;
}

/** The consent part of the public domain answer (`PublicDomain.consent`). */
export interface PublicConsentSettings {
  source: ConsentSource;
  default: ConsentDefault;
}

/**
 * `GET /api/public/domains/:domainId/tracking`: what the runtime's consent and conversions code
 * needs of a domain (a small answer of its own: the floows answer is large, and asked for with
 * the visitor's experiment key).
 */
export interface PublicTrackingSettings {
  consent: PublicConsentSettings;
  /** The runtime reports the page's GA4 `purchase` events as conversions. */
  datalayerPurchases?: boolean;
}

/** `POST /api/public/conversions`: what the runtime reports (see `publicConversionSchema`). */
export interface PublicConversionReport {
  domainId: string;
  orderId: string;
  value: number;
  currency: string;
  items: ConversionItem[];
  source: "runtime" | "datalayer";
  /** Null without the page's analytics consent. */
  visitorId: string | null;
  sessionId: string | null;
}

/** The answer of `POST /api/public/conversions` (202). */
export interface PublicConversionAccepted {
  /** False when the order was already counted (a second report only fills in what it lacked). */
  counted: boolean;
}
