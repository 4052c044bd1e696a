export interface IntegrationCatalogueEntry {
  id: string;
  name: string;
  tags: readonly string[];
  description: string;
  /** The card's logo, served by the dashboard (`public/integrations/`). */
  image: string;
  /** Only the first entry can be set up; the others are listed as coming. */
  setup: boolean;
}

/**
 * The integration catalogue: sixteen email and marketing tools and a search tool; only
 * the first, Klaviyo (the marketing-automation platform the editor's activation keys are
 * for), has a setup. The spec does not name them; these are the tools merchants of this
 * kind use most (docs/integrations.md).
 */
export const INTEGRATION_CATALOGUE: readonly IntegrationCatalogueEntry[] = [
  {
    id: "klaviyo",
    name: "Klaviyo",
    image: "/integrations/klaviyo.svg",
    tags: ["email", "marketing"],
    description:
      "Send floow answers to Klaviyo as events on the shopper's profile, with your activation keys as properties.",
    setup: true,
  },
  {
    id: "spotler-activate",
    name: "Spotler Activate",
    image: "/integrations/spotler-activate.svg",
    tags: ["marketing", "activation"],
    description: "Send floow answers to customer profiles and segments.",
    setup: false,
  },
  {
    id: "mailchimp",
    name: "Mailchimp",
    image: "/integrations/mailchimp.svg",
    tags: ["email", "marketing"],
    description: "Email marketing and audiences.",
    setup: false,
  },
  {
    id: "activecampaign",
    name: "ActiveCampaign",
    image: "/integrations/activecampaign.svg",
    tags: ["email", "marketing"],
    description: "Email marketing and automation.",
    setup: false,
  },
  {
    id: "hubspot",
    name: "HubSpot",
    image: "/integrations/hubspot.svg",
    tags: ["email", "marketing"],
    description: "CRM and marketing automation.",
    setup: false,
  },
  {
    id: "brevo",
    name: "Brevo",
    image: "/integrations/brevo.svg",
    tags: ["email", "marketing"],
    description: "Email, SMS and marketing automation.",
    setup: false,
  },
  {
    id: "spotler-mail",
    name: "Spotler Mail+",
    image: "/integrations/spotler-mail.svg",
    tags: ["email", "marketing"],
    description: "Email marketing.",
    setup: false,
  },
  {
    id: "copernica",
    name: "Copernica",
    image: "/integrations/copernica.svg",
    tags: ["email", "marketing"],
    description: "Marketing automation and email.",
    setup: false,
  },
  {
    id: "deployteq",
    name: "Deployteq",
    image: "/integrations/deployteq.svg",
    tags: ["email", "marketing"],
    description: "Omnichannel marketing automation.",
    setup: false,
  },
  {
    id: "salesforce-marketing-cloud",
    name: "Salesforce Marketing Cloud",
    image: "/integrations/salesforce-marketing-cloud.svg",
    tags: ["email", "marketing"],
    description: "Enterprise marketing automation.",
    setup: false,
  },
  {
    id: "emarsys",
    name: "Emarsys",
    image: "/integrations/emarsys.svg",
    tags: ["email", "marketing"],
    description: "Customer engagement platform.",
    setup: false,
  },
  {
    id: "selligent",
    name: "Selligent",
    image: "/integrations/selligent.svg",
    tags: ["email", "marketing"],
    description: "Marketing cloud.",
    setup: false,
  },
  {
    id: "omnisend",
    name: "Omnisend",
    image: "/integrations/omnisend.svg",
    tags: ["email", "marketing"],
    description: "Email and SMS for e-commerce.",
    setup: false,
  },
  {
    id: "dotdigital",
    name: "Dotdigital",
    image: "/integrations/dotdigital.svg",
    tags: ["email", "marketing"],
    description: "Customer experience and data platform.",
    setup: false,
  },
  {
    id: "mailblue",
    name: "MailBlue",
    image: "/integrations/mailblue.svg",
    tags: ["email", "marketing"],
    description: "Email marketing and automation.",
    setup: false,
  },
  {
    id: "laposta",
    name: "Laposta",
    image: "/integrations/laposta.svg",
    tags: ["email", "marketing"],
    description: "Email newsletters.",
    setup: false,
  },
  {
    id: "tweakwise",
    name: "Tweakwise",
    image: "/integrations/tweakwise.svg",
    tags: ["search"],
    description: "Site search and merchandising.",
    setup: false,
  },
];

/** The catalogue entry that has a setup. */
export const KLAVIYO_INTEGRATION_ID = "klaviyo";

/** Klaviyo's Events API revision Floow speaks (the `revision` header; docs/integrations.md). */
export const KLAVIYO_API_REVISION = "2026-07-15";

/**
 * The Shopify orders receiver (docs/integrations.md): set up per domain, not a catalogue card
 * (the spec's catalogue has one entry with a setup); its screen is the domain's Implementation tab.
 */
export const SHOPIFY_INTEGRATION_ID = "shopify";

/** The GA4 `purchase` pick-up of the data layer, enabled per domain (docs/integrations.md). */
export const GA4_INTEGRATION_ID = "ga4";

/** Messages of the integration setups that the spec does not give. */
export const INTEGRATION_MESSAGES = {
  privateKey: "Please enter a Klaviyo private API key (it starts with pk_).",
  domain: "Please select a domain.",
  shop: "Please enter the shop's myshopify.com address (for example my-shop.myshopify.com).",
  signingSecret: "Please enter the webhook signing secret Shopify shows (at least 16 characters).",
} as const;
