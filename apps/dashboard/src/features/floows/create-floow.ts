import { type FloowCreate } from "@floow/domain/floow";
import { TOASTS } from "@floow/domain/messages";
import { toast } from "@floow/ui";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "../../lib/trpc";
import { useInvalidateFloows } from "./floow-actions";
import { useOpenInEditor } from "./open-in-editor";

/**
 * `floow.create` with the spec's toasts; on success the floow is selected and the view moves
 * to the editor (spec section 2), which reads the floow from `?floowId=`.
 */
export function useCreateFloow() {
  const trpc = useTRPC();
  const invalidate = useInvalidateFloows();
  const openInEditor = useOpenInEditor();
  const { mutateAsync } = useMutation(trpc.floow.create.mutationOptions());

  return useCallback(
    async (input: FloowCreate): Promise<boolean> => {
      let created: { id: string };
      try {
        created = await mutateAsync(input);
      } catch {
        toast.error(TOASTS.failure.floowCreate);
        return false;
      }
      toast.success(TOASTS.success.floowCreate);
      await invalidate();
      // The server gives the floow its id; the editor opens on it. Not awaited: the wizard
      // closes now, so while the editor loads (the URL already shows it) the page under the
      // wizard takes clicks again; a modal waiting for that load swallowed a side-nav click.
      void openInEditor(created.id);
      return true;
    },
    [invalidate, mutateAsync, openInEditor],
  );
}
