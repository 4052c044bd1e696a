import type { ColumnType, Generated } from "kysely";

/**
 * Row types of better-auth's tables (see migrations/20261122210000_auth.ts). better-auth
 * writes them; our queries read them and update a few profile columns.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  title: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionTable {
  id: string;
  token: string;
  user_id: string;
  active_organization_id: string | null;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  /** The organization's logo url: the spec's `branding.logo_url`. */
  logo: string | null;
  metadata: string | null;
  display_name: string | null;
  email: string | null;
  /** 1..40, see the sector list in @floow/domain. */
  sector: number | null;
  /** How many days after a floow session an order is attributed to it (1 to 30). */
  attribution_window_days: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface MemberTable {
  id: string;
  organization_id: string;
  user_id: string;
  /** A comma-separated role list in better-auth; this product stores one role. */
  role: string;
  created_at: Timestamp;
}

export interface InvitationTable {
  id: string;
  organization_id: string;
  email: string;
  role: string | null;
  /** pending, accepted, rejected or canceled. */
  status: string;
  inviter_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** SHA-256 (hex) of the secret token in the e-mailed link; null: cannot be accepted. */
  token_hash: string | null;
  /** The invitee's name and title from the invite payload ('' when not given). */
  name: Generated<string>;
  title: Generated<string>;
}
