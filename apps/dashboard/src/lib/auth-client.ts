import { organizationClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * better-auth on the same origin (the API serves /api/auth; Vite proxies it in development).
 * SSO uses better-auth's generic OAuth provider "oidc", which this better-auth version
 * serves through the standard social sign-in endpoint (`signIn.social`).
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [organizationClient()],
});

export const SSO_PROVIDER_ID = "oidc";
