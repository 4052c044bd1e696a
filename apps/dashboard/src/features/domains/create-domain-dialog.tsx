import {
  createDomainSchema,
  type CreateDomain,
  type CreateDomainInput,
} from "@floow/domain/domain";
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
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { liveValidationFormOptions, useLiveValidation } from "../forms/use-live-validation";
import { ImageField, noImage, type ImageValue } from "../forms/image-field";

export type CreateDomainValues = { values: CreateDomain; imageFile: File | null };

const emptyForm: CreateDomainInput = { name: "", host: "" };

/**
 * Create Domain (spec sections 2, 4 and 5): name, host and an optional image. The fields
 * reset whenever the dialog opens; it closes once the domain is created. `onCreate`
 * answers whether it succeeded (a failure keeps the dialog open with what was typed).
 */
export function CreateDomainDialog({
  open,
  onOpenChange,
  onCreate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreate: (submitted: CreateDomainValues) => Promise<boolean>;
}) {
  const form = useForm<CreateDomainInput, unknown, CreateDomain>({
    resolver: zodResolver(createDomainSchema),
    defaultValues: emptyForm,
    ...liveValidationFormOptions,
  });
  const { register } = useLiveValidation(form);
  const [image, setImage] = useState<ImageValue>(noImage);
  const { errors, isSubmitting } = form.formState;

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(emptyForm);
    setImage(noImage);
  }, [open, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    const created = await onCreate({ values, imageFile: image.file });
    if (created) onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Domain</DialogTitle>
          <DialogDescription>
            The website where your floows load. You can change it later.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-5"
          onSubmit={onSubmit}
          noValidate
          aria-label="Create Domain"
        >
          <Field label="Name" error={errors.name?.message}>
            <Input
              placeholder="My shop"
              autoComplete="off"
              autoFocus
              maxLength={TEXT_LIMITS.name}
              {...register("name")}
            />
          </Field>
          <Field
            label="Host"
            error={errors.host?.message}
            description="The address of the website, e.g. www.example.com; a staging or local site with its port, e.g. localhost:3401."
          >
            <Input
              placeholder="www.example.com"
              autoComplete="off"
              inputMode="url"
              maxLength={TEXT_LIMITS.url}
              {...register("host")}
            />
          </Field>
          <ImageField label="Image (optional)" value={image} onChange={setImage} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={isSubmitting}>
              Create Domain
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
