export interface Organization {
  id: string;
  name: string;
  display_name: string;
  email: string;
  branding: { logo_url: string | null };
  /** A sector number, 1 to 40 (see SECTORS), or null when not chosen. */
  sector: number | null;
  /** Days after a floow session that an order is attributed to it (1 to 30; docs/analytics.md). */
  attribution_window_days: number;
}
