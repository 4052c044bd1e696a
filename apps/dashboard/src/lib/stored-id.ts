import { useSyncExternalStore } from "react";

/**
 * One id the user has chosen (the selected domain, the floow last opened), kept in
 * localStorage so it survives reloads, and shared live by every component and every tab.
 */
export interface StoredId {
  get(): string | null;
  set(id: string | null): void;
  /** React: the current id, re-rendering when it changes here or in another tab. */
  use(): string | null;
}

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

export function storedId(key: string): StoredId {
  const listeners = new Set<() => void>();
  const get = () => storage()?.getItem(key) ?? null;

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    // Another tab's change arrives as a `storage` event (never for this tab's own writes).
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  };

  return {
    get,
    set(id) {
      const store = storage();
      if (id === null) store?.removeItem(key);
      else store?.setItem(key, id);
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, () => null),
  };
}
