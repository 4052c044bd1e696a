import { feedFormSchema, type FeedForm } from "@floow/domain/feed";
import {
  createFloowFeedStepSchema,
  createFloowSchema,
  FLOOW_TYPES,
  needsFeedStep,
  type CreateFloow,
  type CreateFloowInput,
  type FloowCreate,
  type FloowType,
} from "@floow/domain/floow";
import { TOASTS } from "@floow/domain/messages";
import { LANGUAGES, TEXT_LIMITS } from "@floow/domain/shared";
import {
  Button,
  ClipboardListIcon,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Select,
  ShoppingBagIcon,
  toast,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { liveValidationFormOptions, useLiveValidation } from "../forms/use-live-validation";
import {
  buildCreateInput,
  buildFeedInput,
  initialDetails,
  preselectedDomainId,
  type WizardStep,
} from "./create-floow-logic";
import { useUpsertFeed } from "../feeds/feed-api";
import { FeedPicker } from "../feeds/feed-picker";
import { FeedSourceFields, type FeedFormInput } from "../feeds/feed-source-fields";
import { languageLabel, typeLabel } from "./floow-labels";

const TYPE_DESCRIPTIONS: Readonly<Record<FloowType, string>> = {
  selling: "Guide visitors through questions to the right product, from a product feed.",
  data: "Collect first-party data through questions. No product results.",
};

const emptyFeed: FeedFormInput = { name: "", type: "channable", url: "" };

/**
 * Create Floow (spec sections 2, 4 and 5). Step 1: type, name, domain (only when no domain is
 * selected) and an optional language. Guided Selling continues to step 2, the product feed:
 * an existing feed with a preview, a new feed, or none for now. Guided Data is created at once.
 */
export function CreateFloowDialog({
  open,
  onOpenChange,
  domains,
  selectedDomainId,
  onCreate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  domains: readonly { id: string; name: string }[];
  selectedDomainId: string | null;
  onCreate: (floow: FloowCreate) => Promise<boolean>;
}) {
  const presetDomainId = preselectedDomainId(selectedDomainId, domains);
  const presetDomain = domains.find((domain) => domain.id === presetDomainId);

  const details = useForm<CreateFloowInput, unknown, CreateFloow>({
    resolver: zodResolver(createFloowSchema),
    defaultValues: initialDetails(presetDomainId),
    ...liveValidationFormOptions,
  });
  const detailsLive = useLiveValidation(details);
  const feedForm = useForm<FeedFormInput, unknown, FeedForm>({
    resolver: zodResolver(feedFormSchema),
    defaultValues: emptyFeed,
    ...liveValidationFormOptions,
  });
  const feedLive = useLiveValidation(feedForm);
  const upsertFeed = useUpsertFeed();

  const [step, setStep] = useState<WizardStep>("details");
  const [chosen, setChosen] = useState<CreateFloow | null>(null);
  const [feedMode, setFeedMode] = useState<"existing" | "new">("existing");
  const [feedId, setFeedId] = useState<string | null>(null);
  const [feedError, setFeedError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"create" | "later" | "feed" | null>(null);

  const { reset: resetDetails } = details;
  const { reset: resetFeed } = feedForm;
  useEffect(() => {
    if (!open) return;
    resetDetails(initialDetails(presetDomainId));
    resetFeed(emptyFeed);
    setStep("details");
    setChosen(null);
    setFeedMode("existing");
    setFeedId(null);
    setFeedError(null);
    setBusy(null);
  }, [open, presetDomainId, resetDetails, resetFeed]);

  const type = details.watch("type");
  const { errors } = details.formState;
  const feedErrors = feedForm.formState.errors;

  const create = async (
    values: CreateFloow,
    withFeedId: string | null,
    kind: "create" | "later",
  ) => {
    setBusy(kind);
    const created = await onCreate(buildCreateInput(values, withFeedId));
    setBusy(null);
    if (created) onOpenChange(false);
  };

  const submitDetails = details.handleSubmit(async (values) => {
    if (!needsFeedStep(values.type)) return create(values, null, "create");
    setChosen(values);
    setStep("feed");
  });

  /** Saves the Add Feed form as a feed; answers its id, or null (failure toast shown). */
  const saveNewFeed = async (form: FeedForm, domainId: string): Promise<string | null> => {
    const feed = buildFeedInput(form, domainId);
    try {
      await upsertFeed.mutateAsync(feed);
    } catch {
      toast.error(TOASTS.failure.feedCreate);
      return null;
    }
    toast.success(TOASTS.success.feedCreate);
    return feed.id;
  };

  const addFeed = async () => {
    if (feedMode === "existing") {
      setFeedMode("new");
      setFeedError(null);
      return;
    }
    // Spec section 5: failed validation in this step fails silently (messages, no toast).
    await feedForm.handleSubmit(async (form) => {
      if (!chosen) return;
      setBusy("feed");
      const id = await saveNewFeed(form, chosen.domainId);
      setBusy(null);
      if (!id) return;
      resetFeed(emptyFeed);
      setFeedId(id);
      setFeedMode("existing");
    })();
  };

  const createWithFeed = async () => {
    if (!chosen) return;
    if (feedMode === "new") {
      await feedForm.handleSubmit(async (form) => {
        setBusy("create");
        const id = await saveNewFeed(form, chosen.domainId);
        setBusy(null);
        if (id) await create(chosen, id, "create");
      })();
      return;
    }
    const parsed = createFloowFeedStepSchema.safeParse({ feedId: feedId ?? "" });
    if (!parsed.success) {
      setFeedError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFeedError(null);
    await create(chosen, parsed.data.feedId, "create");
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent className={cn(step === "feed" ? "max-w-3xl" : "max-w-xl")}>
        <DialogHeader>
          <StepIndicator step={step} type={type} />
          <DialogTitle>Create Floow</DialogTitle>
          <DialogDescription>
            {step === "details"
              ? presetDomain
                ? `A new floow for ${presetDomain.name}.`
                : "Choose what the floow does and where it is shown."
              : "Guided Selling ends in product results from a product feed."}
          </DialogDescription>
        </DialogHeader>

        {step === "details" ? (
          <form
            className="flex flex-col gap-5"
            onSubmit={submitDetails}
            noValidate
            aria-label="Create Floow"
          >
            <fieldset className="flex flex-col gap-2">
              <legend className="pb-2 text-sm font-medium text-grey-800">Type</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {FLOOW_TYPES.map((option) => (
                  <label
                    key={option}
                    className={cn(
                      "relative flex cursor-pointer flex-col gap-2 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-primary-500/20",
                      type === option
                        ? "border-primary-500 bg-primary-50/50 ring-1 ring-primary-500"
                        : "border-grey-200 hover:border-grey-300 hover:bg-grey-50",
                    )}
                  >
                    <input
                      type="radio"
                      value={option}
                      className="sr-only"
                      {...detailsLive.register("type")}
                    />
                    <span className="flex items-center gap-2.5">
                      <span
                        aria-hidden="true"
                        className={cn(
                          "flex size-8 items-center justify-center rounded-lg ring-1",
                          option === "selling"
                            ? "bg-primary-50 text-primary-700 ring-primary-100"
                            : "bg-sky-50 text-sky-700 ring-sky-100",
                        )}
                      >
                        {option === "selling" ? (
                          <ShoppingBagIcon size={16} />
                        ) : (
                          <ClipboardListIcon size={16} />
                        )}
                      </span>
                      <span className="text-sm font-semibold text-grey-900">
                        {typeLabel(option)}
                      </span>
                    </span>
                    <span className="text-xs leading-relaxed text-grey-600">
                      {TYPE_DESCRIPTIONS[option]}
                    </span>
                  </label>
                ))}
              </div>
              {errors.type?.message ? (
                <p role="alert" className="text-xs font-medium text-red-600">
                  {errors.type.message}
                </p>
              ) : null}
            </fieldset>

            <Field label="Name" error={errors.name?.message}>
              <Input
                autoComplete="off"
                placeholder="Bike finder"
                autoFocus
                maxLength={TEXT_LIMITS.name}
                {...detailsLive.register("name")}
              />
            </Field>

            <div className={cn("grid gap-5", presetDomainId ? "" : "sm:grid-cols-2")}>
              {presetDomainId ? null : (
                <Field label="Domain" error={errors.domainId?.message}>
                  <Select {...detailsLive.register("domainId")}>
                    <option value="">Choose a domain</option>
                    {domains.map((domain) => (
                      <option key={domain.id} value={domain.id}>
                        {domain.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              <Field label="Language (optional)" error={errors.language?.message}>
                <Select
                  {...detailsLive.register("language", {
                    setValueAs: (value: unknown) => (value === "" ? undefined : value),
                  })}
                >
                  <option value="">No preference</option>
                  {LANGUAGES.map((language) => (
                    <option key={language} value={language}>
                      {languageLabel(language)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>

            <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
              <Button
                variant="outline"
                onClick={() => onOpenChange(false)}
                disabled={busy !== null}
              >
                Cancel
              </Button>
              <Button type="submit" loading={busy === "create"}>
                {needsFeedStep(type) ? "Next" : "Create Floow"}
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-5">
            {feedMode === "existing" ? (
              <FeedPicker
                selectedFeedId={feedId}
                onSelect={(id) => (setFeedId(id), setFeedError(null))}
                error={feedError}
              />
            ) : (
              <form
                className="flex flex-col gap-4 rounded-xl border border-grey-200 bg-grey-50/50 p-4"
                aria-label="Add Feed"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void addFeed();
                }}
              >
                <div className="flex items-center justify-between">
                  <p className="text-sm font-semibold text-grey-900">New product feed</p>
                  <button
                    type="button"
                    className="cursor-pointer text-sm font-medium text-primary-700 hover:underline"
                    onClick={() => setFeedMode("existing")}
                  >
                    Choose an existing feed
                  </button>
                </div>
                <FeedSourceFields live={feedLive} errors={feedErrors} />
              </form>
            )}

            <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:items-center">
              <Button variant="outline" onClick={() => setStep("details")} disabled={busy !== null}>
                Back
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
                <Button
                  variant="ghost"
                  loading={busy === "later"}
                  disabled={busy !== null}
                  onClick={() => chosen && void create(chosen, null, "later")}
                >
                  I&apos;ll add a feed later
                </Button>
                <Button
                  variant="outline"
                  loading={busy === "feed"}
                  disabled={busy !== null}
                  onClick={() => void addFeed()}
                >
                  Add Feed
                </Button>
                <Button
                  loading={busy === "create"}
                  disabled={busy !== null}
                  onClick={() => void createWithFeed()}
                >
                  Create Floow
                </Button>
              </div>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function StepIndicator({ step, type }: { step: WizardStep; type: FloowType }) {
  if (type !== "selling") return null;
  const steps: { key: WizardStep; label: string }[] = [
    { key: "details", label: "Details" },
    { key: "feed", label: "Product feed" },
  ];
  const current = steps.findIndex((candidate) => candidate.key === step);
  return (
    <ol
      className="flex items-center gap-2 pb-2 text-xs font-medium"
      aria-label={`Step ${current + 1} of 2`}
    >
      {steps.map((candidate, index) => (
        <li key={candidate.key} className="flex items-center gap-2">
          {index > 0 ? <span aria-hidden="true" className="h-px w-6 bg-grey-300" /> : null}
          <span
            className={cn(
              "flex size-5 items-center justify-center rounded-full text-[11px]",
              index <= current ? "bg-primary-600 text-white" : "bg-grey-100 text-grey-500",
            )}
          >
            {index + 1}
          </span>
          <span className={index === current ? "text-grey-900" : "text-grey-500"}>
            {candidate.label}
          </span>
        </li>
      ))}
    </ol>
  );
}
