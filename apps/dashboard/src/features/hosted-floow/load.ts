import type { PublicDomain, PublicFloow, PublicFloowResponse } from "@floow/domain/public";
import { isValidEntityId } from "../../lib/entity-id";

/** What the hosted page shows: a live floow, or that there is none by this id. */
export type HostedFloow =
  { status: "live"; floow: PublicFloow; domain: PublicDomain } | { status: "unavailable" };

/**
 * Loads a floow for the hosted page through the runtime's public API
 * (`GET /api/public/floows/:id`, the call any embed makes): only live floows are there, so
 * an unknown, development or archived floow is `unavailable` (the API's 404). Other
 * failures throw (the route's error page offers to try again).
 */
export async function loadHostedFloow(id: string, apiUrl: string): Promise<HostedFloow> {
  if (!isValidEntityId(id)) return { status: "unavailable" };
  // Same-origin credentials: the mode the server's `Link: rel=preload; crossorigin=anonymous`
  // header (http/static.ts) asks for, so the request the browser started with the HTML is
  // the one used here. The public API reads no cookies either way.
  const response = await fetch(`${apiUrl}/api/public/floows/${encodeURIComponent(id)}`, {
    credentials: "same-origin",
  });
  if (response.status === 404) return { status: "unavailable" };
  if (!response.ok) throw new Error(`GET /api/public/floows/${id}: HTTP ${response.status}`);
  const { floow, domain } = (await response.json()) as PublicFloowResponse;
  return { status: "live", floow, domain };
}
