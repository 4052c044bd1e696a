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
