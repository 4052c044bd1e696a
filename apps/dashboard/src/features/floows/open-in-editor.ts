import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { editorHref, selectFloow } from "../../lib/selected-floow";

/**
 * Selects a floow and opens the editor on it (`/editor?floowId=…`); with `publish`, on the
 * publish dialog of its launch phase.
 */
export function useOpenInEditor() {
  const navigate = useNavigate();
  return useCallback(
    (floowId: string, options: { publish?: boolean } = {}) => {
      selectFloow(floowId);
      return navigate({ href: editorHref(floowId, options) });
    },
    [navigate],
  );
}
