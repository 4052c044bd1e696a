import {
  DEFAULT_FEED_TYPE,
  FEED_VARIABLE_KEYS,
  feedFormSchema,
  type FeedForm,
  type FeedPreview,
  type FeedVariableKey,
  type FeedVariables,
} from "@floow/domain/feed";
import {
  AlertTriangleIcon,
  ArrowLeftIcon,
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Field,
  Select,
  Spinner,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { ProductsTable } from "./feed-picker";
import { liveValidationFormOptions, useLiveValidation } from "../forms/use-live-validation";
import {
  buildFeedSave,
  FEED_VARIABLE_LABELS,
  initialVariables,
  remapPreview,
  variableOptions,
  type FeedRow,
} from "./feed-logic";
import type { FeedSaveInput, PreviewOutcome } from "./feed-queries";
import { FeedSourceFields, type FeedFormInput } from "./feed-source-fields";

function initialForm(feed?: FeedRow | null): FeedFormInput {
  return feed
    ? { name: feed.name, type: feed.type, url: feed.url }
    : { name: "", type: DEFAULT_FEED_TYPE, url: "" };
}

type Preview =
  | { state: "loading" }
  | { state: "failed"; reason: string }
  | {
      state: "ready";
      products: Extract<PreviewOutcome, { ok: true }>["products"];
      attributes: string[];
    };

/**
 * Add Feed (spec sections 2 and 5), two steps. Step 1: name, type and URL, validated with
 * the spec's messages; its submit only advances. Step 2: the first products of the feed
 * (`feed.preview`) and which attribute holds each product field; its submit saves the feed
 * and closes the dialog. With `feed`, the same dialog edits that feed (Edit Feed).
 */
export function AddFeedDialog({
  open,
  onOpenChange,
  feed = null,
  onPreview,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The feed to edit; none: a new feed. */
  feed?: FeedRow | null;
  onPreview: (source: FeedPreview) => Promise<PreviewOutcome>;
  /** Saves the feed (with its toasts); answers whether it worked. */
  onSave: (feed: FeedSaveInput, isNew: boolean) => Promise<boolean>;
}) {
  const form = useForm<FeedFormInput, unknown, FeedForm>({
    resolver: zodResolver(feedFormSchema),
    defaultValues: initialForm(feed),
    ...liveValidationFormOptions,
  });
  const live = useLiveValidation(form);
  const [step, setStep] = useState<"details" | "products">("details");
  const [source, setSource] = useState<FeedForm | null>(null);
  const [preview, setPreview] = useState<Preview>({ state: "loading" });
  const [variables, setVariables] = useState<FeedVariables>(() => initialVariables(feed));
  const [saving, setSaving] = useState(false);
  // Only the answer to the latest preview request counts (Back, then Next again).
  const previewRequest = useRef(0);

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(initialForm(feed));
    setStep("details");
    setSource(null);
    setPreview({ state: "loading" });
    setVariables(initialVariables(feed));
    setSaving(false);
    previewRequest.current++;
  }, [open, feed, reset]);

  const { errors } = form.formState;
  const isNew = feed === null;
  const title = isNew ? "Add Feed" : "Edit Feed";

  const submitDetails = form.handleSubmit(async (values) => {
    setSource(values);
    setStep("products");
    setPreview({ state: "loading" });
    const request = ++previewRequest.current;
    const outcome = await onPreview({ url: values.url, type: values.type });
    if (request !== previewRequest.current) return;
    setPreview(
      outcome.ok
        ? { state: "ready", products: outcome.products, attributes: outcome.attributes }
        : { state: "failed", reason: outcome.reason },
    );
  });

  const back = () => {
    previewRequest.current++;
    setStep("details");
    // The reason the feed could not be read belongs to the URL the user typed.
    if (preview.state === "failed") form.setError("url", { message: preview.reason });
  };

  const save = async () => {
    if (!source || preview.state !== "ready") return;
    setSaving(true);
    const saved = await onSave(buildFeedSave(source, variables, feed), isNew);
    setSaving(false);
    if (saved) onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}>
      <DialogContent className={cn(step === "products" ? "max-w-3xl" : "max-w-xl")}>
        <DialogHeader>
          <p className="text-xs font-medium tracking-wide text-grey-500 uppercase">
            Step {step === "details" ? 1 : 2} of 2
          </p>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {step === "details"
              ? "A Channable or Shopify product feed your floows recommend products from."
              : "Check the first products and which attribute holds each product field."}
          </DialogDescription>
        </DialogHeader>

        {step === "details" ? (
          <form
            className="flex flex-col gap-5"
            onSubmit={submitDetails}
            noValidate
            aria-label={title}
          >
            <FeedSourceFields live={live} errors={errors} autoFocus />
            <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit">Next</Button>
            </div>
          </form>
        ) : (
          <form
            className="flex flex-col gap-5"
            noValidate
            aria-label={`${title}: products`}
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            {preview.state === "loading" ? (
              <div className="flex items-center gap-3 rounded-xl bg-grey-50 px-4 py-3 text-sm text-grey-600 ring-1 ring-grey-200">
                <Spinner size="sm" label="Loading products" /> Reading the first products of{" "}
                {source?.name}…
              </div>
            ) : preview.state === "failed" ? (
              <div
                role="alert"
                className="flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
              >
                <AlertTriangleIcon size={18} className="mt-0.5 shrink-0 text-amber-600" />
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">This feed cannot be read.</span>
                  <span>{preview.reason}</span>
                  <span className="text-xs text-amber-800">
                    Go back to correct the URL or the type.
                  </span>
                </span>
              </div>
            ) : (
              <>
                <ProductsTable products={remapPreview(preview.products, variables)} />
                <VariablesFields
                  attributes={preview.attributes}
                  variables={variables}
                  onChange={(key, attribute) =>
                    setVariables((current) => ({ ...current, [key]: attribute }))
                  }
                />
              </>
            )}
            <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:items-center">
              <Button variant="outline" onClick={back} disabled={saving}>
                <ArrowLeftIcon size={16} />
                Back
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
                <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving} disabled={preview.state !== "ready"}>
                  {isNew ? "Add Feed" : "Save Feed"}
                </Button>
              </div>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Which attribute holds each product field (the feed's `variables`). */
function VariablesFields({
  attributes,
  variables,
  onChange,
}: {
  attributes: readonly string[];
  variables: FeedVariables;
  onChange: (key: FeedVariableKey, attribute: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="pb-1 text-sm font-medium text-grey-800">Product fields</legend>
      <p className="text-xs text-grey-500">
        Which attribute of the feed holds each field. The preview above follows your choice.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {FEED_VARIABLE_KEYS.map((key) => (
          <Field key={key} label={FEED_VARIABLE_LABELS[key]}>
            <Select value={variables[key]} onChange={(event) => onChange(key, event.target.value)}>
              {variableOptions(attributes, variables[key]).map((attribute) => (
                <option key={attribute} value={attribute}>
                  {attributes.includes(attribute) ? attribute : `${attribute} (not in the preview)`}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
