import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { editorHref, selectFloow } from "../../lib/selected-floow";

/** Selects a floow and opens the editor on it (`/editor?floowId=…`). */
export function useOpenInEditor() {
  const navigate = useNavigate();
  return useCallback(
    (floowId: string) => {
      selectFloow(floowId);
      return navigate({ href: editorHref(floowId) });
    },
    [navigate],
  );
}
