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

/**
 * The editor's address for a floow (`/editor?floowId=…`), as agreed with the editor; with
 * `publish`, the editor opens on its launch phase with the publish dialog (`&publish=1`), so
 * every publish shows the change list and the pre-publish check (docs/editor.md).
 */
export function editorHref(floowId: string, options: { publish?: boolean } = {}): string {
  const params = new URLSearchParams({ floowId });
  if (options.publish) params.set("publish", "1");
  return `/editor?${params.toString()}`;
}
