import { TOASTS } from "@floow/domain/messages";
import { TEXT_LIMITS } from "@floow/domain/shared";
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_PROJECT,
  supportTicketSchema,
  type SupportTicketInput,
} from "@floow/domain/support";
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
  Textarea,
  toast,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTRPC } from "../../lib/trpc";
import { applyFieldErrors } from "../../lib/trpc-errors";
import { supportMailtoHref } from "./support-logic";

type Values = SupportTicketInput;

/**
 * The support dialog of the side navigation's Help group (spec sections 2, 5, 7 and 8): a
 * ticket with the user's e-mail and name filled in and the current page's address attached.
 * Sent: the success toast, the form resets and the dialog closes. Failed: the spec's toast
 * with Try again and Send email (a mail prefilled with what was typed), and the dialog stays.
 */
export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const user = useQuery(trpc.user.get.queryOptions()).data?.user;
  const supportEmail = useQuery({ ...trpc.support.config.queryOptions(), staleTime: Infinity }).data
    ?.email;
  const defaults = (): Values => ({
    email: user?.email ?? "",
    name: user?.name ?? "",
    phone: "",
    project: SUPPORT_PROJECT,
    subject: "",
    comment: "",
  });
  const form = useForm<Values>({
    resolver: zodResolver(supportTicketSchema),
    defaultValues: defaults(),
    mode: "onTouched",
  });
  const { errors } = form.formState;

  // The dialog is mounted on opening, so its fields start fresh; the user's e-mail and name
  // fill in once the (usually cached) user bundle is there, unless the user already typed.
  useEffect(() => {
    if (user && !form.formState.isDirty) form.reset(defaults());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the user loads, not on every render
  }, [user?.email]);

  const send = useMutation(trpc.support.create.mutationOptions());
  const submit = form.handleSubmit(async (values) => {
    // The page's address, within the server's limit for a URL (a long query string is cut).
    const url = window.location.href.slice(0, TEXT_LIMITS.url);
    const ticket = { ...values, category: values.category || undefined, url };
    try {
      await send.mutateAsync(ticket);
      toast.success(TOASTS.success.ticketSend, {
        description: TOASTS.success.ticketSendDescription,
      });
      form.reset(defaults());
      onOpenChange(false);
    } catch (error) {
      // A field the server refused (one over its length) is shown at the field, no toast.
      if (
        applyFieldErrors(form, error, ["email", "name", "phone", "category", "subject", "comment"])
      )
        return;
      const email = supportEmail ?? "";
      toast.error(TOASTS.failure.ticketSend, {
        description: TOASTS.failure.ticketSendDescription(email),
        action: { label: TOASTS.actions.tryAgain, onClick: () => void submit() },
        cancel: {
          label: TOASTS.actions.sendEmail,
          onClick: () => window.open(supportMailtoHref(email, ticket), "_self"),
        },
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Support</DialogTitle>
          <DialogDescription>
            Tell us what happened or what you need. We answer by e-mail
            {supportEmail ? (
              <>
                {" "}
                from{" "}
                <a
                  className="font-medium text-moss-700 underline"
                  href={supportMailtoHref(supportEmail, {})}
                >
                  {supportEmail}
                </a>
              </>
            ) : null}
            .
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Email" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="email"
                maxLength={TEXT_LIMITS.email}
                {...form.register("email")}
              />
            </Field>
            <Field label="Name" error={errors.name?.message}>
              <Input
                autoComplete="name"
                maxLength={TEXT_LIMITS.personName}
                {...form.register("name")}
              />
            </Field>
            <Field label="Phone (optional)" error={errors.phone?.message}>
              <Input
                type="tel"
                autoComplete="tel"
                maxLength={TEXT_LIMITS.phone}
                {...form.register("phone")}
              />
            </Field>
            <Field label="Category (optional)" error={errors.category?.message}>
              <Select
                {...form.register("category", {
                  setValueAs: (value: string) => value || undefined,
                })}
              >
                <option value="">Choose a category</option>
                {SUPPORT_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {SUPPORT_CATEGORY_LABELS[category]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label="Subject" error={errors.subject?.message}>
            <Input maxLength={TEXT_LIMITS.subject} {...form.register("subject")} />
          </Field>
          <Field label="Description" error={errors.comment?.message}>
            <Textarea rows={5} maxLength={TEXT_LIMITS.comment} {...form.register("comment")} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? "Sending…" : "Send ticket"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
