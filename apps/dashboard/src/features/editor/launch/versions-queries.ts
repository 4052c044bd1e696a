/**
 * The launch phase's server state: the version list (`floow.versions`), the pre-publish
 * check (`floow.publishCheck`), and the two version actions. Same `queryOptions` as
 * everywhere (keys never written by hand); the actions refresh what they change.
 */
import type { VersionedFloow } from "@floow/domain/floow";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC, type TRPC } from "../../../lib/trpc";
import { afterRelease } from "../editor-api";

export function versionsOptions(trpc: TRPC, id: string) {
  return trpc.floow.versions.queryOptions({ id });
}

/** Always the draft as saved now: never answered from an older check. */
export function publishCheckOptions(trpc: TRPC, id: string) {
  return trpc.floow.publishCheck.queryOptions({ id }, { staleTime: 0, gcTime: 0 });
}

/** `floow.rollback`: version `number` is live again at once; the draft is not touched. */
export function useRollback(onDone: (floow: VersionedFloow) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.floow.rollback.mutationOptions({
      onSuccess: async (floow) => {
        await afterRelease(queryClient, trpc, floow);
        onDone(floow);
      },
    }),
  );
}

/** `floow.restoreVersion`: version `number`'s content becomes the draft (a save). */
export function useRestoreVersion(onDone: (floow: VersionedFloow) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.floow.restoreVersion.mutationOptions({
      onSuccess: async (floow) => {
        await afterRelease(queryClient, trpc, floow);
        onDone(floow);
      },
    }),
  );
}
