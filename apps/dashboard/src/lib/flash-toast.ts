import { toast } from "@floow/ui";
import { useEffect } from "react";

/**
 * Spec section 4: archiving and restoring a floow reload the page. A toast would vanish with
 * the old page, so it is kept in sessionStorage and shown by the reloaded page.
 */
const STORAGE_KEY = "floow.flashToast";

type Flash = { kind: "success" | "error"; message: string };

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function reloadWithToast(
  flash: Flash,
  reload: () => void = () => window.location.reload(),
): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify(flash));
  reload();
}

/** Takes the pending flash toast, if any (once). */
export function takeFlashToast(): Flash | null {
  const store = storage();
  const raw = store?.getItem(STORAGE_KEY);
  if (!raw) return null;
  store?.removeItem(STORAGE_KEY);
  try {
    const flash = JSON.parse(raw) as Partial<Flash>;
    if ((flash.kind === "success" || flash.kind === "error") && typeof flash.message === "string") {
      return { kind: flash.kind, message: flash.message };
    }
  } catch {
    // a damaged entry is dropped
  }
  return null;
}

/** Shows the toast a reload carried over. Use on the pages that reload. */
export function useFlashToast(): void {
  useEffect(() => {
    const flash = takeFlashToast();
    if (flash) toast[flash.kind](flash.message);
  }, []);
}
