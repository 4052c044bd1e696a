import { TOASTS } from "@floow/domain/messages";
import { toast } from "@floow/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { reloadWithToast } from "../../lib/flash-toast";
import { getSelectedFloowId, selectFloow } from "../../lib/selected-floow";
import { useTRPC } from "../../lib/trpc";

/** Refreshes every floow query and the user bundle (which lists floows too). */
export function useInvalidateFloows() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.floow.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() }),
      ]),
    [queryClient, trpc],
  );
}

/**
 * The floow actions of spec sections 4 and 8, each with its toasts. Every action answers
 * whether it succeeded (confirmation dialogs stay open on failure).
 */
export function useFloowActions() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const invalidate = useInvalidateFloows();
  const duplicate = useMutation(trpc.floow.duplicate.mutationOptions());
  const archive = useMutation(trpc.floow.archive.mutationOptions());
  const restore = useMutation(trpc.floow.restore.mutationOptions());
  const remove = useMutation(trpc.floow.remove.mutationOptions());

  const run = useCallback(
    async (action: () => Promise<unknown>, texts: { success: string; failure: string }) => {
      try {
        await action();
      } catch {
        toast.error(texts.failure);
        return false;
      }
      return true;
    },
    [],
  );

  return {
    /** Duplicate in the same domain, or in `domainId`. */
    duplicate: async (id: string, domainId?: string) => {
      const texts = {
        success: TOASTS.success.floowDuplicate,
        failure: TOASTS.failure.floowDuplicate,
      };
      const input = domainId ? { id, domainId } : { id };
      if (!(await run(() => duplicate.mutateAsync(input), texts))) return false;
      toast.success(texts.success);
      await invalidate();
      return true;
    },
    /** Archive: status archived, then the page reloads (spec section 4). */
    archive: async (id: string) => {
      const texts = { success: TOASTS.success.floowArchive, failure: TOASTS.failure.floowArchive };
      if (!(await run(() => archive.mutateAsync({ id }), texts))) return false;
      reloadWithToast({ kind: "success", message: texts.success });
      return true;
    },
    /** Restore (unarchive): status development, then the page reloads. */
    restore: async (id: string) => {
      const texts = {
        success: TOASTS.success.floowUnarchive,
        failure: TOASTS.failure.floowUnarchive,
      };
      if (!(await run(() => restore.mutateAsync({ id }), texts))) return false;
      reloadWithToast({ kind: "success", message: texts.success });
      return true;
    },
    /** Delete, for good; the view moves to /floows (spec section 2). */
    remove: async (id: string) => {
      const texts = { success: TOASTS.success.floowDelete, failure: TOASTS.failure.floowDelete };
      if (!(await run(() => remove.mutateAsync({ id }), texts))) return false;
      toast.success(texts.success);
      if (getSelectedFloowId() === id) selectFloow(null);
      await navigate({ to: "/floows" });
      await invalidate();
      return true;
    },
  };
}
