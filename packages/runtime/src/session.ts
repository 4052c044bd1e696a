import { createId } from "@floow/domain/logic";

const KEY = "floows:session";
let memory: string | undefined;

/**
 * The visitor's session: one id per browser tab (sessionStorage), so the events of a
 * floow started on one page and finished on the next belong together. Without storage
 * (privacy modes, sandboxed iframes) it lives as long as the page.
 */
export function sessionId(): string {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored) return stored;
    const id = createId();
    sessionStorage.setItem(KEY, id);
    return id;
  } catch {
    memory ??= createId();
    return memory;
  }
}

/** Where the visitor id is kept: written only with the page's analytics consent (consent.ts). */
export const VISITOR_KEY = "floows:visitor";

/**
 * The visitor's id across tabs and visits (first-party localStorage), carried by every event
 * and conversion: there only while the page's analytics consent stands (docs/events.md
 * "Consent"). The consent code (consent.ts, in the script tag's `tracking.js` chunk) writes it
 * when consent is given and removes it when consent is refused, so reading it needs no
 * consent logic here, and what shows the start page stays small. Null without consent.
 */
export function visitorId(): string | null {
  try {
    return localStorage.getItem(VISITOR_KEY);
  } catch {
    return null;
  }
}

/**
 * The query of a public floows request: the key a running experiment assigns this visitor by
 * (docs/analytics.md "Experiments"): the visitor id, or the tab's session id without consent.
 * The visitor id starts out as the session id (consent.ts), so a visitor who consents keeps
 * the arm the first page gave them.
 */
export const visitorQuery = () => `?visitor=${encodeURIComponent(visitorId() ?? sessionId())}`;
