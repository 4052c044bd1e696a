import {
  createFont,
  FONT_HELP_URL,
  fontSchema,
  type Font,
  type FontForm,
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
  ExternalLinkIcon,
  Field,
  HelpCircleIcon,
  Input,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { liveValidationFormOptions, useLiveValidation } from "../forms/use-live-validation";

type FontInput = { name: string; url: string };

/** The new entry's defaults (spec section 4: "New Font" with an empty url). */
function emptyFont(): FontInput {
  const { name, url } = createFont();
  return { name, url };
}

/**
 * Add Font (spec sections 2 and 5): a name and the URL of a stylesheet, with a help toggle
 * that points to a public font site.
 */
export function AddFontDialog({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (font: Font) => void;
}) {
  const form = useForm<FontInput, unknown, FontForm>({
    resolver: zodResolver(fontSchema),
    defaultValues: emptyFont(),
    ...liveValidationFormOptions,
  });
  const { register } = useLiveValidation(form);
  const { errors } = form.formState;
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(emptyFont());
    setHelpOpen(false);
  }, [open, reset]);

  const onSubmit = form.handleSubmit((values) => {
    onAdd(createFont(values));
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Font</DialogTitle>
          <DialogDescription>
            A web font for the floows of this domain, loaded from a stylesheet.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Add Font">
          <Field
            label="Name"
            error={errors.name?.message}
            description="The font family, exactly as the stylesheet names it."
          >
            <Input
              autoComplete="off"
              placeholder="Inter"
              maxLength={TEXT_LIMITS.name}
              {...register("name")}
            />
          </Field>
          <Field label="Font URL" error={errors.url?.message}>
            <Input
              autoComplete="off"
              inputMode="url"
              spellCheck={false}
              placeholder="https://fonts.googleapis.com/css2?family=Inter:wght@400;600&display=swap"
              maxLength={TEXT_LIMITS.url}
              {...register("url")}
            />
          </Field>

          <div className="flex flex-col gap-2">
            <button
              type="button"
              className="inline-flex w-fit cursor-pointer items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
              aria-expanded={helpOpen}
              aria-controls={helpId}
              onClick={() => setHelpOpen((value) => !value)}
            >
              <HelpCircleIcon size={16} />
              Where do I find a font URL?
            </button>
            {helpOpen ? (
              <div
                id={helpId}
                className="rounded-xl bg-grey-50 p-4 text-sm text-grey-700 ring-1 ring-grey-200"
              >
                <ol className="list-decimal space-y-1 pl-4">
                  <li>
                    Open{" "}
                    <a
                      href={FONT_HELP_URL}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline"
                    >
                      Google Fonts
                      <ExternalLinkIcon size={13} />
                    </a>{" "}
                    and choose a font.
                  </li>
                  <li>Select the styles you need and choose “Get embed code”.</li>
                  <li>
                    Copy the address in the <code className="font-mono text-xs">href</code> of the{" "}
                    <code className="font-mono text-xs">&lt;link&gt;</code>, starting with{" "}
                    <code className="font-mono text-xs">https://fonts.googleapis.com/css2</code>.
                  </li>
                </ol>
              </div>
            ) : null}
          </div>

          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit">Add Font</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
