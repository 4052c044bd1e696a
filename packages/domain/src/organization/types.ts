export interface Organization {
  id: string;
  name: string;
  display_name: string;
  email: string;
  branding: { logo_url: string | null };
  /** A sector number, 1 to 40 (see SECTORS), or null when not chosen. */
  sector: number | null;
}
