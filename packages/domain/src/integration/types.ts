export interface IntegrationConfiguration {
  id: string;
  name: string;
  tags: string[];
  description: string;
  image: string | null;
  setup: boolean;
}

/** An integration linked to a domain. */
export interface Integration {
  id: string;
  domainId: string;
  integrationConfigurationId: string;
  /** The integration's own settings (API keys, list ids), free-form. */
  settings: Record<string, string>;
}

/** An integration as its screen shows it: the key never leaves the server, only its last characters. */
export interface IntegrationDetails {
  id: string;
  domainId: string;
  integrationConfigurationId: string;
  /** `pk_…` and the key's last four characters (a Shopify signing secret: `…` and its last four). */
  keyHint: string;
  /** What the setup saved besides the secret (Shopify: `shop`); Klaviyo has none. */
  settings: Record<string, string>;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}
