import { TOASTS } from "@floow/domain/messages";
import { changePasswordSchema } from "@floow/domain/user";
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
  toast,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTRPC } from "../../lib/trpc";

type Values = { email: string };

/**
 * Change Password (spec sections 2, 5, 7, 8): the user confirms their own e-mail and gets a
 * link to set a new password (`Password change request sent to: {email}`). Setting it ends
 * every session.
 */
export function ChangePasswordDialog({
  currentEmail,
  open,
  onOpenChange,
}: {
  currentEmail: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const schema = useMemo(() => changePasswordSchema(currentEmail), [currentEmail]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: "" },
    mode: "onTouched",
  });
  const request = useMutation(trpc.user.requestPasswordChange.mutationOptions());
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) form.reset({ email: "" });
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await request.mutateAsync(values);
      toast.success(TOASTS.success.passwordRequest(result.email));
      close(false);
    } catch {
      toast.error(TOASTS.failure.passwordUpdate);
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Enter your e-mail address. We send you a link to choose a new password; it works for one
            hour.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={submit}
          noValidate
          aria-label="Change Password"
        >
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending}>
              Send link
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
