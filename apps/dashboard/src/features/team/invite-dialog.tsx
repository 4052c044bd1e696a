import { TEXT_LIMITS } from "@floow/domain/shared";
import { inviteSchema, ROLE_LABELS, ROLES } from "@floow/domain/user";
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
  Select,
  toast,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useTRPC } from "../../lib/trpc";
import { applyFieldErrors, serverMessage } from "../../lib/trpc-errors";

type Values = z.input<typeof inviteSchema>;
const empty: Values = {
  email: "",
  role: undefined as unknown as Values["role"],
  name: "",
  title: "",
};

/**
 * Invite Teammember (spec sections 2, 5, 7): e-mail, role (admin or member), and the
 * optional name and title of the invite payload. The invitee gets an e-mail with a link.
 * The spec's silent case: a failed invitation shows no error toast; the reason stays in the
 * dialog, at the field when it belongs to one.
 */
export function InviteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    resolver: zodResolver(inviteSchema),
    defaultValues: empty,
    mode: "onTouched",
  });
  const [failure, setFailure] = useState<string | null>(null);
  const invite = useMutation(trpc.invitation.create.mutationOptions());
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) {
      form.reset(empty);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const sent = await invite.mutateAsync({
        ...values,
        name: values.name ?? "",
        title: values.title ?? "",
      });
      toast.success(`Invitation sent to ${sent.email}`);
      await queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() });
      close(false);
    } catch (error) {
      if (!applyFieldErrors(form, error, ["email", "role", "name", "title"])) {
        setFailure(serverMessage(error) ?? "The invitation could not be sent. Please try again.");
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Invite Teammember</DialogTitle>
          <DialogDescription>
            We e-mail them a link to join your organization. It works once and expires after 7 days.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={submit}
          noValidate
          aria-label="Invite Teammember"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Email" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="off"
                placeholder="name@company.com"
                maxLength={TEXT_LIMITS.email}
                {...form.register("email")}
              />
            </Field>
            <Field label="Role" error={errors.role?.message}>
              <Select
                defaultValue=""
                {...form.register("role", { setValueAs: (value: string) => value || undefined })}
              >
                <option value="" disabled>
                  Select a role
                </option>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Name (optional)" error={errors.name?.message}>
              <Input
                autoComplete="off"
                maxLength={TEXT_LIMITS.personName}
                {...form.register("name")}
              />
            </Field>
            <Field label="Title (optional)" error={errors.title?.message}>
              <Input
                autoComplete="off"
                maxLength={TEXT_LIMITS.personTitle}
                {...form.register("title")}
              />
            </Field>
          </div>
          <p className="text-xs text-grey-500">
            Admins manage the team and the organization; members build domains, floows and feeds.
          </p>
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
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
