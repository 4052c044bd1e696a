import { TEXT_LIMITS } from "@floow/domain/shared";
import { changeEmailSchema } from "@floow/domain/user";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTRPC } from "../../lib/trpc";
import { applyFieldErrors, serverMessage } from "../../lib/trpc-errors";

type Values = { oldEmail: string; newEmail: string };

/**
 * Change Email (spec sections 2, 5, 7): the old and the new address. Nothing changes yet: a
 * confirmation link goes to the new address, and following it makes the change and signs the
 * user out everywhere (through /logout). The spec's silent case: no error toast; the reason
 * shows at the field.
 */
export function ChangeEmailDialog({
  currentEmail,
  open,
  onOpenChange,
}: {
  currentEmail: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const schema = useMemo(() => changeEmailSchema(currentEmail), [currentEmail]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { oldEmail: "", newEmail: "" },
    mode: "onTouched",
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation(trpc.user.changeEmail.mutationOptions());
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) {
      form.reset({ oldEmail: "", newEmail: "" });
      setSentTo(null);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await change.mutateAsync(values);
      setSentTo(result.email);
    } catch (error) {
      if (!applyFieldErrors(form, error, ["oldEmail", "newEmail"])) {
        setFailure(serverMessage(error) ?? "The confirmation could not be sent. Please try again.");
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change Email</DialogTitle>
          <DialogDescription>
            {sentTo
              ? "Check your inbox to finish."
              : "We send a confirmation link to the new address. Your address changes when you follow it; then you sign in again."}
          </DialogDescription>
        </DialogHeader>
        {sentTo ? (
          <div className="flex flex-col gap-4">
            <p
              role="status"
              className="rounded-lg bg-primary-50 px-3 py-3 text-sm text-primary-900 ring-1 ring-primary-100"
            >
              We sent a confirmation link to <strong className="font-semibold">{sentTo}</strong>. It
              works for 24 hours. Until you follow it, you keep signing in with {currentEmail}.
            </p>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={submit}
            noValidate
            aria-label="Change Email"
          >
            <Field label="Old email" error={errors.oldEmail?.message}>
              <Input
                type="email"
                autoComplete="email"
                maxLength={TEXT_LIMITS.email}
                {...form.register("oldEmail")}
              />
            </Field>
            <Field label="New email" error={errors.newEmail?.message}>
              <Input
                type="email"
                autoComplete="off"
                maxLength={TEXT_LIMITS.email}
                {...form.register("newEmail")}
              />
            </Field>
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
              <Button type="submit" loading={change.isPending}>
                Send confirmation
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
