import { useSyncExternalStore } from "react";

/**
 * The floow the user works on (spec: after a floow is created "the view moves to /editor"
 * with it). The editor reads the id from its `floowId` search param first; this store is the
 * fallback for a bare /editor, kept in localStorage like the selected domain.
 */
const STORAGE_KEY = "floow.selectedFloowId";
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

export function getSelectedFloowId(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? null;
}

export function selectFloow(id: string | null): void {
  const store = storage();
  if (id === null) store?.removeItem(STORAGE_KEY);
  else store?.setItem(STORAGE_KEY, id);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSelectedFloowId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedFloowId, () => null);
}

/** The editor's address for a floow (`/editor?floowId=…`), as agreed with the editor. */
export function editorHref(floowId: string): string {
  return `/editor?${new URLSearchParams({ floowId }).toString()}`;
}
