import { ATTRIBUTION_WINDOW_DAYS } from "@floow/domain/conversion";
import { TOASTS } from "@floow/domain/messages";
import { SECTORS, updateOrganizationSchema } from "@floow/domain/organization";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { isImageAddress } from "@floow/domain/validation";
import { Button, Field, Input, Select, toast } from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useTRPC, type UserBundle } from "../../lib/trpc";
import { applyFieldErrors } from "../../lib/trpc-errors";
import { ImageField, type ImageValue } from "../forms/image-field";
import { savedImageUrl } from "../forms/picked-image";

type Organization = NonNullable<UserBundle["organization"]>;
type Values = z.input<typeof updateOrganizationSchema>;

/**
 * The organization settings (/settings#organization): name, display name, e-mail, sector,
 * the attribution window of orders (docs/analytics.md "Attribution") and logo. Admins edit them (`organization.update`, admin only); members see the same fields
 * read-only. A picked logo is uploaded through the blob call first, as domain images are.
 */
export function OrganizationForm({
  organization,
  canEdit,
}: {
  organization: Organization;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A logo stored before the API refused anything but http(s) and /blobs/ (`javascript:…`) is
  // neither shown nor sent back: saving the form removes it.
  const storedLogo = organization.branding.logo_url;
  const savedLogo = storedLogo && isImageAddress(storedLogo) ? storedLogo : null;
  const initial = (): Values => ({
    name: organization.name,
    display_name: organization.display_name,
    email: organization.email,
    sector: organization.sector,
    branding: { logo_url: savedLogo },
    attribution_window_days: organization.attribution_window_days,
  });
  const form = useForm<Values>({
    resolver: zodResolver(updateOrganizationSchema),
    defaultValues: initial(),
    mode: "onTouched",
  });
  const [logo, setLogo] = useState<ImageValue>({ url: savedLogo, file: null });
  const update = useMutation(trpc.organization.update.mutationOptions());

  const submit = form.handleSubmit(async (values) => {
    const logoUrl = await savedImageUrl(logo);
    if (logoUrl === undefined) return;
    try {
      await update.mutateAsync({ ...values, branding: { logo_url: logoUrl } });
      toast.success(TOASTS.success.organizationUpdate);
      setLogo({ url: logoUrl, file: null });
      await queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() });
      form.reset(values);
    } catch (error) {
      if (
        !applyFieldErrors(form, error, [
          "name",
          "display_name",
          "email",
          "sector",
          "attribution_window_days",
        ])
      ) {
        toast.error(TOASTS.failure.organizationUpdate);
      }
    }
  });
  const { errors } = form.formState;

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <fieldset disabled={!canEdit} className="grid gap-5 sm:grid-cols-2">
        <Field label="Organization name" error={errors.name?.message}>
          <Input maxLength={TEXT_LIMITS.name} {...form.register("name")} />
        </Field>
        <Field label="Display name" error={errors.display_name?.message}>
          <Input maxLength={TEXT_LIMITS.name} {...form.register("display_name")} />
        </Field>
        <Field label="Organization email" error={errors.email?.message}>
          <Input type="email" maxLength={TEXT_LIMITS.email} {...form.register("email")} />
        </Field>
        <Field label="Sector" error={errors.sector?.message}>
          <Select
            {...form.register("sector", {
              setValueAs: (value: string) => (value ? Number(value) : null),
            })}
          >
            <option value="">Choose a sector</option>
            {SECTORS.map((sector) => (
              <option key={sector.id} value={sector.id}>
                {sector.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Attribution window (days)"
          description="An order counts for a floow when the shopper used it up to this many days before (1 to 30)."
          error={errors.attribution_window_days?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={ATTRIBUTION_WINDOW_DAYS.min}
            max={ATTRIBUTION_WINDOW_DAYS.max}
            step={1}
            {...form.register("attribution_window_days", { valueAsNumber: true })}
          />
        </Field>
      </fieldset>
      {canEdit ? (
        <ImageField
          label="Logo"
          value={logo}
          onChange={setLogo}
          description="Shown with your organization's name."
        />
      ) : null}
      {canEdit ? (
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save"}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-grey-500">Only admins can change the organization's settings.</p>
      )}
    </form>
  );
}
