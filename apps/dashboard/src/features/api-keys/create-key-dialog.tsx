import {
  apiKeyCreateSchema,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyCreate,
} from "@floow/domain/api-key";
import type { ApiKeyScope } from "@floow/domain/api-key";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { TOASTS } from "@floow/domain/messages";
import {
  AlertTriangleIcon,
  Button,
  CheckIcon,
  CopyIcon,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  toast,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { copyText } from "../../lib/clipboard";
import { useTRPC } from "../../lib/trpc";
import { applyFieldErrors, serverMessage } from "../../lib/trpc-errors";

const empty: ApiKeyCreate = { name: "", scopes: [] };

/**
 * Create API Key: a name and the scopes, then the key itself, shown once with a copy button
 * (Floow keeps only its hash). Closing the dialog forgets the key.
 */
export function CreateKeyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<ApiKeyCreate>({
    resolver: zodResolver(apiKeyCreateSchema),
    defaultValues: empty,
    mode: "onTouched",
  });
  const create = useMutation(trpc.apiKey.create.mutationOptions());
  const [key, setKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const scopes = form.watch("scopes") as ApiKeyScope[];
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) {
      form.reset(empty);
      setKey(null);
      setCopied(false);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const toggleScope = (scope: ApiKeyScope, on: boolean) =>
    form.setValue("scopes", on ? [...scopes, scope] : scopes.filter((s) => s !== scope), {
      shouldValidate: form.formState.isSubmitted,
    });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const created = await create.mutateAsync(values);
      setKey(created.key);
      await queryClient.invalidateQueries({ queryKey: trpc.apiKey.list.queryKey() });
    } catch (error) {
      if (!applyFieldErrors(form, error, ["name", "scopes"]))
        setFailure(serverMessage(error) ?? "The key could not be created. Please try again.");
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg">
        {key ? (
          <>
            <DialogHeader>
              <DialogTitle>Your new API key</DialogTitle>
              <DialogDescription>
                Send it as <code className="font-mono">Authorization: Bearer …</code> to the Floow
                API. Copy it now: it is shown only once.
              </DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2 rounded-lg border border-grey-200 bg-grey-50 p-2 pl-3">
              <code
                data-testid="api-key-secret"
                className="min-w-0 flex-1 font-mono text-[13px] break-all text-grey-900"
              >
                {key}
              </code>
              <Button
                variant="outline"
                size="sm"
                aria-label="Copy API key"
                onClick={async () => {
                  if (await copyText(key)) {
                    setCopied(true);
                    toast.success(TOASTS.success.copied);
                  }
                }}
              >
                {copied ? <CheckIcon size={15} /> : <CopyIcon size={15} />}
                {copied ? "Copied" : "Copy"}
              </Button>
            </div>
            <p className="flex items-start gap-2 text-sm text-amber-800">
              <AlertTriangleIcon size={16} className="mt-0.5 shrink-0" />
              Floow keeps only a fingerprint of the key. Lost it? Revoke it and create a new one.
            </p>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Create API Key</DialogTitle>
              <DialogDescription>
                A key lets your own systems use the Floow API for this organization. Give it only
                the scopes it needs.
              </DialogDescription>
            </DialogHeader>
            <form
              className="flex flex-col gap-4"
              onSubmit={submit}
              noValidate
              aria-label="Create API Key"
            >
              <Field label="Name" error={errors.name?.message}>
                <Input
                  autoComplete="off"
                  placeholder="e.g. Order system"
                  maxLength={TEXT_LIMITS.name}
                  {...form.register("name")}
                />
              </Field>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium text-grey-800">Scopes</legend>
                {API_KEY_SCOPES.map((scope) => (
                  <label key={scope} className="flex items-start gap-2 text-sm text-grey-800">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 rounded border-grey-300 accent-primary-600"
                      checked={scopes.includes(scope)}
                      onChange={(event) => toggleScope(scope, event.target.checked)}
                    />
                    <span>
                      <code className="font-mono text-[13px]">{scope}</code>
                      <span className="block text-xs text-grey-500">
                        {API_KEY_SCOPE_LABELS[scope]}
                      </span>
                    </span>
                  </label>
                ))}
                {errors.scopes?.message ? (
                  <p role="alert" className="text-sm text-red-600">
                    {errors.scopes.message}
                  </p>
                ) : null}
              </fieldset>
              {failure ? (
                <p
                  role="alert"
                  className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-100"
                >
                  {failure}
                </p>
              ) : null}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => close(false)}>
                  Cancel
                </Button>
                <Button type="submit" loading={create.isPending}>
                  Create key
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
