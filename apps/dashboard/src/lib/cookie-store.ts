/**
 * A small JSON value kept in a first-party cookie (the onboarding record, the cookie
 * preferences), readable in React through `useSyncExternalStore`. The cookies are
 * functional: they remember the user's own choices in this browser, for a year, and are
 * never sent anywhere but to the dashboard itself.
 */
import { useSyncExternalStore } from "react";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

export function writeCookie(name: string, value: string): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

export interface CookieStore<T> {
  get(): T;
  set(value: T): void;
  update(change: (value: T) => T): void;
  subscribe(listener: () => void): () => void;
}

/**
 * A cookie holding JSON, parsed by `parse` (which also gives the value when the cookie is
 * missing or unreadable: `parse(undefined)`). The parsed value is kept until the cookie text
 * changes, so React sees a stable snapshot.
 */
export function cookieStore<T>(
  name: string,
  parse: (json: unknown) => T,
  serialize: (value: T) => unknown = (v) => v,
): CookieStore<T> {
  const listeners = new Set<() => void>();
  let cachedText: string | undefined | null = null;
  let cached: T;
  const get = (): T => {
    const text = readCookie(name);
    if (text !== cachedText || cachedText === null) {
      cachedText = text;
      let json: unknown;
      try {
        json = text === undefined ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      cached = parse(json);
    }
    return cached;
  };
  const set = (value: T) => {
    writeCookie(name, JSON.stringify(serialize(value)));
    cachedText = null;
    for (const listener of listeners) listener();
  };
  return {
    get,
    set,
    update: (change) => set(change(get())),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useCookieStore<T>(store: CookieStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
