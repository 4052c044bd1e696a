import {
  createDomainSchema,
  fontImportsCss,
  type Color,
  type CreateDomain,
  type CreateDomainInput,
  type Domain,
  type Font,
} from "@floow/domain/domain";
import { TOASTS } from "@floow/domain/messages";
import { TEXT_LIMITS } from "@floow/domain/shared";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  Field,
  Input,
  PaletteIcon,
  PlusIcon,
  StarIcon,
  Textarea,
  toast,
  TrashIcon,
  TypeIcon,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { liveValidationFormOptions, useLiveValidation } from "../forms/use-live-validation";
import { AddColorDialog } from "./add-color-dialog";
import { AddFontDialog } from "./add-font-dialog";
import { ImageField, type ImageValue } from "../forms/image-field";
import { savedImageUrl } from "../forms/picked-image";
import { toDomainInput, useUpdateDomain } from "./domain-actions";

type Baseline = { colors: Color[]; fonts: Font[]; image: string | null };

function detailsOf(domain: Domain): CreateDomainInput {
  return { name: domain.name, host: domain.host, description: domain.description };
}

/**
 * The #general tab: the domain's details, brand colours and fonts. Edits stay local until
 * Save (`domain.update`), except deleting a colour, which saves at once (spec section 4).
 * Mount it with `key={domain.id}` so another domain starts from its own values.
 */
export function DomainGeneral({ domain }: { domain: Domain }) {
  const form = useForm<CreateDomainInput, unknown, CreateDomain>({
    resolver: zodResolver(createDomainSchema),
    defaultValues: detailsOf(domain),
    ...liveValidationFormOptions,
  });
  const { register } = useLiveValidation(form);
  const { errors, isDirty } = form.formState;
  const { update, isPending } = useUpdateDomain();

  const [baseline, setBaseline] = useState<Baseline>({
    colors: domain.colors,
    fonts: domain.fonts,
    image: domain.image,
  });
  const [colors, setColors] = useState(domain.colors);
  const [fonts, setFonts] = useState(domain.fonts);
  const [image, setImage] = useState<ImageValue>({ url: domain.image, file: null });
  const [addColorOpen, setAddColorOpen] = useState(false);
  const [addFontOpen, setAddFontOpen] = useState(false);
  const [deletingColorId, setDeletingColorId] = useState<string | null>(null);

  const unsaved =
    isDirty ||
    image.file !== null ||
    image.url !== baseline.image ||
    JSON.stringify(colors) !== JSON.stringify(baseline.colors) ||
    JSON.stringify(fonts) !== JSON.stringify(baseline.fonts);

  const onSave = form.handleSubmit(async (values) => {
    const imageUrl = await savedImageUrl(image);
    if (imageUrl === undefined) return;
    const saved = await update(
      {
        ...toDomainInput(domain),
        name: values.name,
        host: values.host,
        description: values.description ?? "",
        image: imageUrl,
        blobUrl: imageUrl,
        colors,
        fonts,
      },
      { success: TOASTS.success.domainSave, failure: TOASTS.failure.domainSave },
    );
    if (!saved) return;
    form.reset({ name: values.name, host: values.host, description: values.description ?? "" });
    setImage({ url: imageUrl, file: null });
    setBaseline({ colors, fonts, image: imageUrl });
  });

  // Spec section 4: deleting a colour saves the domain immediately.
  const deleteColor = async (color: Color) => {
    const next = colors.filter((candidate) => candidate.id !== color.id);
    setDeletingColorId(color.id);
    const saved = await update(
      { ...toDomainInput(domain), colors: next },
      { success: TOASTS.success.deleted(color.name), failure: TOASTS.failure.domainSave },
    );
    setDeletingColorId(null);
    if (!saved) return;
    setColors(next);
    setBaseline((current) => ({ ...current, colors: next }));
  };

  return (
    <>
      <form
        className="flex flex-col gap-6"
        onSubmit={onSave}
        noValidate
        aria-label="Domain settings"
      >
        {/* Spec section 5: added fonts rebuild a style block that imports each font url. */}
        <style data-testid="domain-font-imports">{fontImportsCss(fonts)}</style>

        <Section title="Details" description="How this domain is named and where its floows load.">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message}>
              <Input autoComplete="off" maxLength={TEXT_LIMITS.name} {...register("name")} />
            </Field>
            <Field label="Host" error={errors.host?.message}>
              <Input
                autoComplete="off"
                inputMode="url"
                maxLength={TEXT_LIMITS.url}
                {...register("host")}
              />
            </Field>
            <Field label="Description" className="sm:col-span-2">
              <Textarea
                rows={3}
                placeholder="What this website is about (optional)"
                maxLength={TEXT_LIMITS.description}
                {...register("description")}
              />
            </Field>
            <div className="sm:col-span-2">
              <ImageField label="Image" value={image} onChange={setImage} />
            </div>
          </div>
        </Section>

        <Section
          title="Colors"
          description="Brand colours to style floows with. Favourites are offered first in the editor."
          action={
            <Button type="button" variant="outline" size="sm" onClick={() => setAddColorOpen(true)}>
              <PlusIcon size={16} />
              Add Color
            </Button>
          }
        >
          {colors.length === 0 ? (
            <EmptyRow icon={<PaletteIcon size={18} />}>
              No colours yet. Add your brand colours.
            </EmptyRow>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Colors">
              {colors.map((color) => (
                <li
                  key={color.id}
                  className="group flex items-center gap-3 rounded-xl border border-grey-200 bg-white p-2.5 pr-2"
                >
                  <span
                    aria-hidden="true"
                    className="size-10 shrink-0 rounded-lg ring-1 ring-grey-900/10 ring-inset"
                    style={{ background: color.hex ? `#${color.hex}` : undefined }}
                  />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-medium text-grey-900">{color.name}</span>
                    <span className="font-mono text-xs text-grey-500 uppercase">#{color.hex}</span>
                  </span>
                  <button
                    type="button"
                    aria-label={`Favorite ${color.name}`}
                    aria-pressed={color.favorite}
                    title={color.favorite ? "Remove from favourites" : "Add to favourites"}
                    onClick={() =>
                      setColors((current) =>
                        current.map((candidate) =>
                          candidate.id === color.id
                            ? { ...candidate, favorite: !candidate.favorite }
                            : candidate,
                        ),
                      )
                    }
                    className={cn(
                      "inline-flex size-8 cursor-pointer items-center justify-center rounded-md transition-colors hover:bg-grey-100",
                      color.favorite ? "text-amber-500" : "text-grey-300 hover:text-grey-500",
                    )}
                  >
                    <StarIcon size={17} fill={color.favorite ? "currentColor" : "none"} />
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete ${color.name}`}
                    title="Delete"
                    disabled={deletingColorId !== null}
                    onClick={() => void deleteColor(color)}
                    className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-grey-400 transition-colors hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
                  >
                    <TrashIcon size={16} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          title="Fonts"
          description="Web fonts for floows, loaded from their stylesheet."
          action={
            <Button type="button" variant="outline" size="sm" onClick={() => setAddFontOpen(true)}>
              <PlusIcon size={16} />
              Add Font
            </Button>
          }
        >
          {fonts.length === 0 ? (
            <EmptyRow icon={<TypeIcon size={18} />}>
              No fonts yet. Floows use the website’s own font.
            </EmptyRow>
          ) : (
            <ul
              className="divide-y divide-grey-100 rounded-xl border border-grey-200"
              aria-label="Fonts"
            >
              {fonts.map((font) => (
                <li key={font.id} className="flex items-center gap-4 px-4 py-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-grey-50 text-lg text-grey-800 ring-1 ring-grey-200"
                    style={{ fontFamily: `"${font.name}", sans-serif` }}
                  >
                    Aa
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-medium text-grey-900">{font.name}</span>
                    <span className="truncate text-xs text-grey-500">{font.url}</span>
                  </span>
                  <span
                    className="hidden truncate text-base text-grey-700 md:block"
                    style={{ fontFamily: `"${font.name}", sans-serif` }}
                    aria-hidden="true"
                  >
                    Find the right product
                  </span>
                  <button
                    type="button"
                    aria-label={`Delete ${font.name}`}
                    title="Delete (saved with the domain)"
                    onClick={() => {
                      // Spec section 4: deleting a font only changes the local list (saved
                      // with Save); the toast is the spec's `{name} deleted`, as for a colour.
                      setFonts((current) =>
                        current.filter((candidate) => candidate.id !== font.id),
                      );
                      toast.success(TOASTS.success.deleted(font.name));
                    }}
                    className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-grey-400 transition-colors hover:bg-red-50 hover:text-red-600"
                  >
                    <TrashIcon size={16} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <div className="sticky bottom-4 z-10 flex items-center justify-end gap-3 rounded-2xl border border-grey-200 bg-white/90 px-4 py-3 shadow-lg backdrop-blur">
          <p
            className={cn("mr-auto text-sm", unsaved ? "text-amber-700" : "text-grey-500")}
            aria-live="polite"
          >
            {unsaved ? "You have unsaved changes." : "All changes saved."}
          </p>
          <Button type="submit" loading={isPending || form.formState.isSubmitting}>
            Save
          </Button>
        </div>
      </form>

      {/* Outside the form: React bubbles a portal's submit event to its React parents. */}
      <AddColorDialog
        open={addColorOpen}
        onOpenChange={setAddColorOpen}
        onAdd={(color) => {
          setColors((current) => [...current, color]);
          toast.success(TOASTS.success.colorAdd);
        }}
      />
      <AddFontDialog
        open={addFontOpen}
        onOpenChange={setAddFontOpen}
        onAdd={(font) => {
          setFonts((current) => [...current, font]);
          toast.success(TOASTS.success.fontAdd);
        }}
      />
    </>
  );
}

function Section({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function EmptyRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-3 rounded-xl border border-dashed border-grey-300 px-4 py-5 text-sm text-grey-500">
      <span className="text-grey-400">{icon}</span>
      {children}
    </p>
  );
}
