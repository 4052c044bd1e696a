import {
  addColorSchema,
  createColor,
  defaultPalette,
  stripHash,
  type AddColor,
  type Color,
} from "@floow/domain/domain";
import { TEXT_LIMITS } from "@floow/domain/shared";
import {
  Button,
  cn,
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
import { useEffect, useMemo, type ChangeEvent, type ComponentProps } from "react";
import { useForm } from "react-hook-form";
import { liveValidationFormOptions, useLiveValidation } from "../forms/use-live-validation";

type AddColorInput = { name: string; hex: string };

/** What a typed hex keeps: a typed `#` is stripped (spec section 5); shown in upper case. */
export function cleanHexInput(value: string): string {
  return stripHash(value).toUpperCase();
}

/** The new entry's defaults (spec section 4: "New Color" with an empty hex). */
function emptyColor(): AddColorInput {
  const { name, hex } = createColor();
  return { name, hex };
}

/**
 * Add Color (spec sections 2, 4 and 5): a name and a hex code, or a pick from the default
 * palette. The fields reset whenever the dialog opens and it closes after submit.
 */
export function AddColorDialog({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (color: Color) => void;
}) {
  const form = useForm<AddColorInput, unknown, AddColor>({
    resolver: zodResolver(addColorSchema),
    defaultValues: emptyColor(),
    ...liveValidationFormOptions,
  });
  const { register, validateNow } = useLiveValidation(form);
  const { errors } = form.formState;
  const palette = useMemo(() => defaultPalette(), []);
  const hex = form.watch("hex");
  const swatch = /^[0-9a-f]{6}$|^[0-9a-f]{3}$/i.test(hex) ? `#${hex}` : undefined;

  const { reset } = form;
  useEffect(() => {
    if (open) reset(emptyColor());
  }, [open, reset]);

  const hexField = register("hex");
  const onSubmit = form.handleSubmit((values) => {
    onAdd(createColor({ name: values.name, hex: values.hex.toUpperCase() }));
    onOpenChange(false);
  });

  const pick = (color: { name: string; hex: string }) => {
    form.setValue("name", color.name, { shouldDirty: true });
    form.setValue("hex", color.hex, { shouldDirty: true });
    validateNow("name");
    validateNow("hex");
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Color</DialogTitle>
          <DialogDescription>A brand colour for the floows of this domain.</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Add Color">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message}>
              <Input autoComplete="off" maxLength={TEXT_LIMITS.name} {...register("name")} />
            </Field>
            <Field label="Hex code" error={errors.hex?.message}>
              <HexInput
                swatch={swatch}
                {...hexField}
                onChange={(event: ChangeEvent<HTMLInputElement>) => {
                  event.target.value = cleanHexInput(event.target.value);
                  return hexField.onChange(event);
                }}
              />
            </Field>
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="pb-2 text-sm font-medium text-grey-800">Default palette</legend>
            <div className="grid grid-cols-[auto_repeat(6,minmax(0,1fr))] items-center gap-1.5">
              {chunk(palette, 6).map((family) => (
                <PaletteRow key={family[0]?.id} colors={family} selectedHex={hex} onPick={pick} />
              ))}
            </div>
          </fieldset>

          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit">Add Color</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The hex input with its live swatch; Field hands it the id and aria attributes. */
function HexInput({ swatch, ...props }: ComponentProps<"input"> & { swatch: string | undefined }) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 rounded-md ring-1 ring-grey-900/10"
        style={{
          background: swatch ?? "repeating-conic-gradient(#e2e8f0 0 25%, #fff 0 50%) 0 0 / 8px 8px",
        }}
      />
      <span className="pointer-events-none absolute top-1/2 left-10 -translate-y-1/2 text-sm text-grey-400">
        #
      </span>
      <Input
        autoComplete="off"
        spellCheck={false}
        placeholder="5B7737"
        className="pl-14 font-mono uppercase"
        {...props}
      />
    </div>
  );
}

function PaletteRow({
  colors,
  selectedHex,
  onPick,
}: {
  colors: Color[];
  selectedHex: string;
  onPick: (color: Color) => void;
}) {
  const family = colors[0]?.name.replace(/\s*\d+$/, "") ?? "";
  return (
    <>
      <span className="pr-2 text-xs text-grey-500">{family}</span>
      {colors.map((color) => {
        const selected = selectedHex.toUpperCase() === color.hex;
        return (
          <button
            key={color.id}
            type="button"
            title={`${color.name} #${color.hex}`}
            aria-label={`${color.name} #${color.hex}`}
            aria-pressed={selected}
            onClick={() => onPick(color)}
            className={cn(
              "h-7 cursor-pointer rounded-md ring-1 ring-grey-900/10 transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500",
              selected && "ring-2 ring-grey-900 ring-offset-2",
            )}
            style={{ background: `#${color.hex}` }}
          />
        );
      })}
    </>
  );
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}
