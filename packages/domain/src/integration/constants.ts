export interface IntegrationCatalogueEntry {
  id: string;
  name: string;
  tags: readonly string[];
  description: string;
  /** Only the first entry can be set up; the others are listed as coming. */
  setup: boolean;
}

/**
 * The integration catalogue: sixteen email and marketing tools and a search tool; only
 * the first (the activation platform events are enriched for) has a setup. The spec does
 * not name them; these are the tools Dutch merchants use most (docs/domain-rules.md).
 */
export const INTEGRATION_CATALOGUE: readonly IntegrationCatalogueEntry[] = [
  {
    id: "spotler-activate",
    name: "Spotler Activate",
    tags: ["marketing", "activation"],
    description: "Send floow answers to customer profiles and segments.",
    setup: true,
  },
  {
    id: "klaviyo",
    name: "Klaviyo",
    tags: ["email", "marketing"],
    description: "Email and SMS marketing for e-commerce.",
    setup: false,
  },
  {
    id: "mailchimp",
    name: "Mailchimp",
    tags: ["email", "marketing"],
    description: "Email marketing and audiences.",
    setup: false,
  },
  {
    id: "activecampaign",
    name: "ActiveCampaign",
    tags: ["email", "marketing"],
    description: "Email marketing and automation.",
    setup: false,
  },
  {
    id: "hubspot",
    name: "HubSpot",
    tags: ["email", "marketing"],
    description: "CRM and marketing automation.",
    setup: false,
  },
  {
    id: "brevo",
    name: "Brevo",
    tags: ["email", "marketing"],
    description: "Email, SMS and marketing automation.",
    setup: false,
  },
  {
    id: "spotler-mail",
    name: "Spotler Mail+",
    tags: ["email", "marketing"],
    description: "Email marketing.",
    setup: false,
  },
  {
    id: "copernica",
    name: "Copernica",
    tags: ["email", "marketing"],
    description: "Marketing automation and email.",
    setup: false,
  },
  {
    id: "deployteq",
    name: "Deployteq",
    tags: ["email", "marketing"],
    description: "Omnichannel marketing automation.",
    setup: false,
  },
  {
    id: "salesforce-marketing-cloud",
    name: "Salesforce Marketing Cloud",
    tags: ["email", "marketing"],
    description: "Enterprise marketing automation.",
    setup: false,
  },
  {
    id: "emarsys",
    name: "Emarsys",
    tags: ["email", "marketing"],
    description: "Customer engagement platform.",
    setup: false,
  },
  {
    id: "selligent",
    name: "Selligent",
    tags: ["email", "marketing"],
    description: "Marketing cloud.",
    setup: false,
  },
  {
    id: "omnisend",
    name: "Omnisend",
    tags: ["email", "marketing"],
    description: "Email and SMS for e-commerce.",
    setup: false,
  },
  {
    id: "dotdigital",
    name: "Dotdigital",
    tags: ["email", "marketing"],
    description: "Customer experience and data platform.",
    setup: false,
  },
  {
    id: "mailblue",
    name: "MailBlue",
    tags: ["email", "marketing"],
    description: "Email marketing and automation.",
    setup: false,
  },
  {
    id: "laposta",
    name: "Laposta",
    tags: ["email", "marketing"],
    description: "Email newsletters.",
    setup: false,
  },
  {
    id: "tweakwise",
    name: "Tweakwise",
    tags: ["search"],
    description: "Site search and merchandising.",
    setup: false,
  },
];
