import type { Role } from "./constants";

export interface User {
  user_id: string;
  name: string;
  email: string;
  title: string;
  role: Role | null;
  picture: string | null;
  roles: Role[];
}

export interface Invitation {
  id: string;
  email: string;
  role?: Role;
  name?: string;
}

/** What the invite dialog sends. */
export interface InvitePayload {
  name: string;
  email: string;
  title: string;
  role: Role;
}

export interface TeamUser {
  user_id: string;
  email: string;
  role: Role;
}

export interface NewUser {
  email: string;
  role: Role;
}
