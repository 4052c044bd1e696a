import { TOASTS } from "@floow/domain/messages";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { userUpdateSchema } from "@floow/domain/user";
import { Button, Field, Input, toast } from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useTRPC, type UserBundle } from "../../lib/trpc";
import { applyFieldErrors } from "../../lib/trpc-errors";
import { ImageField, type ImageValue } from "../forms/image-field";
import { savedImageUrl } from "../forms/picked-image";

type User = NonNullable<UserBundle["user"]>;
type Values = z.input<typeof userUpdateSchema>;

/**
 * Personal settings (/settings): the user's own name, title and picture (`user.update`,
 * the spec's `PATCH /api/users/update`; toasts `Information updated` or the failure text).
 * A picked picture is uploaded through the blob call first.
 */
export function PersonalForm({ user }: { user: User }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: { name: user.name, title: user.title },
    mode: "onTouched",
  });
  const [picture, setPicture] = useState<ImageValue>({ url: user.picture, file: null });
  const update = useMutation(trpc.user.update.mutationOptions());

  const submit = form.handleSubmit(async (values) => {
    const pictureUrl = await savedImageUrl(picture);
    if (pictureUrl === undefined) return;
    try {
      const saved = await update.mutateAsync({
        name: values.name,
        title: values.title ?? "",
        picture: pictureUrl,
      });
      toast.success(TOASTS.success.userUpdate);
      setPicture({ url: saved.picture, file: null });
      form.reset({ name: saved.name, title: saved.title });
      await queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() });
    } catch (error) {
      if (!applyFieldErrors(form, error, ["name", "title"])) toast.error(TOASTS.failure.userUpdate);
    }
  });
  const { errors } = form.formState;

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <Input
            autoComplete="name"
            maxLength={TEXT_LIMITS.personName}
            {...form.register("name")}
          />
        </Field>
        <Field label="Title" error={errors.title?.message}>
          <Input
            autoComplete="organization-title"
            maxLength={TEXT_LIMITS.personTitle}
            {...form.register("title")}
          />
        </Field>
        <Field label="Email" description="Your sign-in address.">
          <Input value={user.email} readOnly disabled />
        </Field>
      </div>
      <ImageField
        label="Picture"
        value={picture}
        onChange={setPicture}
        description="Shown in the side navigation."
      />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
