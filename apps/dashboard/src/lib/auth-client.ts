import { createAuthClient } from "better-auth/react";

/**
 * better-auth on the same origin (the API serves /api/auth; Vite proxies it in development).
 * SSO uses better-auth's generic OAuth provider "oidc", which this better-auth version
 * serves through the standard social sign-in endpoint (`signIn.social`). Organizations,
 * members and invitations go through tRPC (better-auth's organization endpoints are closed,
 * docs/permissions.md), so the organization client plugin is not loaded.
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
});

export const SSO_PROVIDER_ID = "oidc";
