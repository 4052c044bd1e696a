import type { SupportCategory } from "./constants";

export interface SupportTicket {
  email: string;
  phone?: string;
  name?: string;
  project: string;
  category?: SupportCategory;
  subject: string;
  comment: string;
  /** The current page address. */
  url?: string;
}
