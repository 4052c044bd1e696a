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
