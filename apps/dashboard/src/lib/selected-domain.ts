import { useSyncExternalStore } from "react";

/**
 * The domain the user works in (spec: choosing a domain in the side navigation "selects
 * that domain"). Kept in localStorage so it survives reloads, shared by every tab.
 */
const STORAGE_KEY = "floow.selectedDomainId";
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

export function getSelectedDomainId(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? null;
}

export function selectDomain(id: string | null): void {
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

export function useSelectedDomainId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedDomainId, () => null);
}
