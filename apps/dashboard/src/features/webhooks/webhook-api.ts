import { TOASTS } from "@floow/domain/messages";
import { type WebhookInput } from "@floow/domain/webhook";
import { toast } from "@floow/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "../../lib/trpc";

/** Refreshes the webhook list, its logs and the user bundle (it lists webhooks too). */
export function useInvalidateWebhooks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.webhook.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() }),
      ]),
    [queryClient, trpc],
  );
}

/**
 * Saves a webhook (create or update) with the spec's toasts: `Webhook saved`, or
 * `Something went wrong saving the webhook`. A new webhook's answer carries its signing
 * secret, shown once; null on failure.
 */
export function useSaveWebhook() {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const create = useMutation(trpc.webhook.create.mutationOptions());
  const update = useMutation(trpc.webhook.update.mutationOptions());
  const createAsync = create.mutateAsync;
  const updateAsync = update.mutateAsync;
  return useCallback(
    async (input: WebhookInput, isNew: boolean): Promise<{ secret: string | null } | null> => {
      try {
        const secret = isNew ? (await createAsync(input)).secret : (await updateAsync(input), null);
        toast.success(TOASTS.success.webhookSave);
        await invalidate();
        return { secret };
      } catch {
        toast.error(TOASTS.failure.webhookSave);
        return null;
      }
    },
    [createAsync, updateAsync, invalidate],
  );
}

/** Deletes a webhook: `Webhook deleted`, or `Something went wrong deleting the webhook`. */
export function useDeleteWebhook() {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const { mutateAsync } = useMutation(trpc.webhook.remove.mutationOptions());
  return useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await mutateAsync({ id });
      } catch {
        toast.error(TOASTS.failure.webhookDelete);
        return false;
      }
      toast.success(TOASTS.success.webhookDelete);
      await invalidate();
      return true;
    },
    [mutateAsync, invalidate],
  );
}
