import { storedId } from "./stored-id";

/**
 * The floow the user works on (spec: after a floow is created "the view moves to /editor"
 * with it). The editor reads the id from its `floowId` search param first; this store is the
 * fallback for a bare /editor, kept in localStorage like the selected domain.
 */
const selectedFloow = storedId("floow.selectedFloowId");

export const getSelectedFloowId = selectedFloow.get;
export const selectFloow = selectedFloow.set;
export const useSelectedFloowId = selectedFloow.use;

/** The editor's address for a floow (`/editor?floowId=…`), as agreed with the editor. */
export function editorHref(floowId: string): string {
  return `/editor?${new URLSearchParams({ floowId }).toString()}`;
}
