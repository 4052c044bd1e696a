import { createDomain, type Domain, type DomainInput } from "@floow/domain/domain";
import { TOASTS } from "@floow/domain/messages";
import { toast } from "@floow/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { getSelectedDomainId, selectDomain } from "../../lib/selected-domain";
import { useTRPC } from "../../lib/trpc";
import { savedImageUrl } from "../forms/picked-image";
import type { CreateDomainValues } from "./create-domain-dialog";

/** What the dashboard sends for a domain: everything but the organization (the session's). */
export function toDomainInput(domain: Domain): DomainInput {
  const { organizationId: _organizationId, ...input } = domain;
  return input;
}

/** Refreshes every domain query and the user bundle (the side navigation lists domains). */
export function useInvalidateDomains() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.domain.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() }),
      ]),
    [queryClient, trpc],
  );
}

/**
 * Spec section 4, domain creation: the image is uploaded first, the id is generated on the
 * client, the domain is saved, added to the list and selected, then the view moves to
 * /domains/domain#general.
 */
export function useCreateDomain() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const invalidate = useInvalidateDomains();
  const { mutateAsync } = useMutation(trpc.domain.create.mutationOptions());

  return useCallback(
    async ({ values, imageFile }: CreateDomainValues): Promise<boolean> => {
      const image = await savedImageUrl({ url: null, file: imageFile });
      if (image === undefined) return false;
      const domain = createDomain({
        name: values.name,
        host: values.host,
        description: values.description ?? "",
        image,
        blobUrl: image,
      });
      let created: Domain;
      try {
        created = await mutateAsync(toDomainInput(domain));
      } catch {
        toast.error(TOASTS.failure.domainCreate);
        return false;
      }
      toast.success(TOASTS.success.domainCreate);
      await invalidate();
      // The server's id: it replaces an id that turned out to be taken (docs/permissions.md).
      selectDomain(created.id);
      await navigate({ to: "/domains/domain", hash: "general" });
      return true;
    },
    [invalidate, mutateAsync, navigate],
  );
}

/** `domain.update` with the spec's toasts; `success` and `failure` pick the texts. */
export function useUpdateDomain() {
  const trpc = useTRPC();
  const invalidate = useInvalidateDomains();
  const mutation = useMutation(trpc.domain.update.mutationOptions());
  const { mutateAsync } = mutation;

  const update = useCallback(
    async (domain: DomainInput, texts: { success: string; failure: string }): Promise<boolean> => {
      try {
        await mutateAsync(domain);
      } catch {
        toast.error(texts.failure);
        return false;
      }
      toast.success(texts.success);
      await invalidate();
      return true;
    },
    [invalidate, mutateAsync],
  );
  return { update, isPending: mutation.isPending };
}

/** Deletes a domain, unselects it and goes back to the domains list. */
export function useDeleteDomain() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const invalidate = useInvalidateDomains();
  const queryClient = useQueryClient();
  const mutation = useMutation(trpc.domain.remove.mutationOptions());
  const { mutateAsync } = mutation;

  const remove = useCallback(
    async (domain: Pick<Domain, "id">): Promise<boolean> => {
      try {
        await mutateAsync({ id: domain.id });
      } catch {
        toast.error(TOASTS.failure.domainDelete);
        return false;
      }
      toast.success(TOASTS.success.domainDelete);
      if (getSelectedDomainId() === domain.id) selectDomain(null);
      await navigate({ to: "/domains" });
      // The domain's floows go with it.
      await Promise.all([
        invalidate(),
        queryClient.invalidateQueries({ queryKey: trpc.floow.pathKey() }),
      ]);
      return true;
    },
    [invalidate, mutateAsync, navigate, queryClient, trpc],
  );
  return { remove, isPending: mutation.isPending };
}
