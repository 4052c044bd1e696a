import { EXPERIMENT_VARIANTS_MAX, experimentCreateSchema } from "@floow/domain/experiment";
import { Button, Field, Input, PlusIcon, Select, TrashIcon } from "@floow/ui";
import { useState } from "react";
import { readServerError } from "../../lib/trpc-errors";

export interface VersionOption {
  number: number;
  note: string;
  live: boolean;
}

interface Variant {
  version: number;
  share: number;
}

export interface ExperimentFormValues {
  name: string;
  variants: Variant[];
  holdoutShare: number;
}

type Errors = Record<string, string>;

/** Field errors keyed by their path ("variants.1.version", "shares", …). */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  return errors;
}

const asNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/**
 * A new experiment: its name, two or more variants (published versions, each with a share)
 * and the holdout's share; the shares must add up to 100 % (the message shows by the shares,
 * from the same schema the server checks with).
 */
export function ExperimentForm({
  floowId,
  versions,
  onCreate,
}: {
  floowId: string;
  versions: readonly VersionOption[];
  onCreate: (values: ExperimentFormValues) => Promise<unknown>;
}) {
  const live = versions.find((v) => v.live)?.number ?? versions[0]?.number ?? 1;
  const other = versions.find((v) => v.number !== live)?.number ?? live;
  const [name, setName] = useState("");
  const [variants, setVariants] = useState<{ version: string; share: string }[]>([
    { version: String(live), share: "45" },
    { version: String(other), share: "45" },
  ]);
  const [holdout, setHoldout] = useState("10");
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const total =
    variants.reduce((sum, v) => sum + (asNumber(v.share) || 0), 0) + (asNumber(holdout) || 0);

  const setVariant = (index: number, change: Partial<{ version: string; share: string }>) =>
    setVariants((list) => list.map((v, i) => (i === index ? { ...v, ...change } : v)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = experimentCreateSchema.safeParse({
      floowId,
      name,
      variants: variants.map((v) => ({ version: asNumber(v.version), share: asNumber(v.share) })),
      holdoutShare: asNumber(holdout),
    });
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    setSaving(true);
    try {
      await onCreate(parsed.data);
      setName("");
    } catch (error) {
      const server = readServerError(error);
      setErrors(
        server.fieldErrors.length > 0
          ? errorsOf(server.fieldErrors)
          : { form: server.message ?? "Something went wrong creating the experiment." },
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New experiment" className="flex flex-col gap-4">
      <Field label="Name" error={errors.name}>
        <Input
          value={name}
          placeholder="Shorter quiz against the long one"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-grey-800">Variants</legend>
        {variants.map((variant, index) => (
          <div key={index} className="grid grid-cols-[1fr_8rem_auto] items-end gap-3">
            <Field
              label={`Variant ${String.fromCharCode(65 + index)}`}
              error={errors[`variants.${index}.version`]}
            >
              <Select
                value={variant.version}
                onChange={(e) => setVariant(index, { version: e.target.value })}
              >
                {versions.map((v) => (
                  <option key={v.number} value={v.number}>
                    {`Version ${v.number}${v.live ? " (live)" : ""}${v.note ? ` · ${v.note}` : ""}`}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Share (%)" error={errors[`variants.${index}.share`]}>
              <Input
                inputMode="numeric"
                value={variant.share}
                aria-label={`Variant ${String.fromCharCode(65 + index)} share`}
                onChange={(e) => setVariant(index, { share: e.target.value })}
              />
            </Field>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove variant ${String.fromCharCode(65 + index)}`}
              disabled={variants.length <= 2}
              onClick={() => setVariants((list) => list.filter((_, i) => i !== index))}
            >
              <TrashIcon size={16} />
            </Button>
          </div>
        ))}
        {errors.variants ? (
          <p role="alert" className="text-xs font-medium text-red-600">
            {errors.variants}
          </p>
        ) : null}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={variants.length >= EXPERIMENT_VARIANTS_MAX}
            onClick={() => setVariants((list) => [...list, { version: String(live), share: "0" }])}
          >
            <PlusIcon size={15} /> Add variant
          </Button>
        </div>
      </fieldset>
      <Field
        label="Holdout share (%)"
        description="Visitors in the holdout see no floow at all: the floow's lift is measured against them."
        error={errors.holdoutShare}
      >
        <Input inputMode="numeric" value={holdout} onChange={(e) => setHoldout(e.target.value)} />
      </Field>
      <p className="text-sm text-grey-600" aria-live="polite">
        Total: <strong>{Number.isFinite(total) ? total : 0} %</strong>
      </p>
      {errors.shares ? (
        <p role="alert" className="text-xs font-medium text-red-600">
          {errors.shares}
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={saving}>
          Create experiment
        </Button>
      </div>
    </form>
  );
}
