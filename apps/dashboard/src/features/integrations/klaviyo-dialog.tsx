import {
  klaviyoSetupSchema,
  type IntegrationDetails,
  type KlaviyoSetup,
} from "@floow/domain/integration";
import { TOASTS } from "@floow/domain/messages";
import { TEXT_LIMITS } from "@floow/domain/shared";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Select,
  toast,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTRPC } from "../../lib/trpc";
import { liveValidationFormOptions, useLiveValidation } from "../forms/use-live-validation";

/**
 * The Klaviyo setup: the domain whose floows' answers go to Klaviyo and a private API key
 * (events:write). The key is stored encrypted and never shown again: a domain already linked
 * keeps its key when the field is left empty. `Integration saved` or the spec's failure text.
 */
export function KlaviyoDialog({
  open,
  onOpenChange,
  domains,
  integrations,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  domains: readonly { id: string; name: string }[];
  integrations: readonly IntegrationDetails[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.integration.create.mutationOptions());
  const form = useForm<KlaviyoSetup>({
    resolver: zodResolver(klaviyoSetupSchema) as Resolver<KlaviyoSetup>,
    defaultValues: { domainId: domains[0]?.id ?? "", privateKey: "" },
    ...liveValidationFormOptions,
  });
  const { register } = useLiveValidation(form);
  const { errors, isSubmitting } = form.formState;
  const domainId = form.watch("domainId");
  const linked = integrations.find(
    (i) => i.domainId === domainId && i.integrationConfigurationId === "klaviyo",
  );

  const { reset } = form;
  useEffect(() => {
    if (open) reset({ domainId: domains[0]?.id ?? "", privateKey: "" });
  }, [open, reset, domains]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch {
      toast.error(TOASTS.failure.integrationSave);
      return;
    }
    toast.success(TOASTS.success.integrationSave);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.integration.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() }),
    ]);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set up Klaviyo</DialogTitle>
          <DialogDescription>
            Every answer in this domain's floows reaches Klaviyo as an event on the shopper's
            profile (found by the e-mail a form step asks for), with your activation keys as
            properties.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Klaviyo">
          <Field label="Domain" error={errors.domainId?.message}>
            <Select {...register("domainId")}>
              {domains.map((domain) => (
                <option key={domain.id} value={domain.id}>
                  {domain.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label="Private API key"
            error={errors.privateKey?.message}
            description={
              linked
                ? `Saved key ${linked.keyHint}. Leave empty to keep it, or paste a new one to replace it.`
                : "Klaviyo → Settings → API keys → Create Private API Key, with Events: full access."
            }
          >
            <Input
              type="password"
              placeholder="pk_…"
              autoComplete="off"
              spellCheck={false}
              maxLength={TEXT_LIMITS.key}
              {...register("privateKey")}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={isSubmitting}>
              Save Integration
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
