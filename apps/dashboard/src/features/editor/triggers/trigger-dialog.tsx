/**
 * Create Trigger (spec sections 2, 4, 5): two steps with a progress indicator of 2. Step 1
 * asks the route and route type, step 2 the target, attribute and value; each step is
 * validated with the domain's schema and its messages. Create adds the trigger to the
 * floow, saves it, and resets the form to startsWith, id, inside.
 */
import { createTrigger } from "@floow/domain/floow";
import { TOASTS } from "@floow/domain/messages";
import { TEXT_LIMITS, TRIGGER_DIALOG_STEPS } from "@floow/domain/shared";
import {
  ROUTE_TYPES,
  TRIGGER_ATTRIBUTES,
  TRIGGER_TARGETS,
  triggerRouteStepSchema,
  triggerTargetStepSchema,
} from "@floow/domain/trigger";
import type { Trigger } from "@floow/domain/trigger";
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Select,
} from "@floow/ui";
import { useState } from "react";
import type { TriggerSaveResult } from "../editor-context";

type TriggerForm = Omit<Trigger, "id">;
type Errors = Partial<Record<keyof TriggerForm, string>>;

const ROUTE_TYPE_LABELS = { startsWith: "Starts with", strict: "Exactly" } as const;
const ATTRIBUTE_LABELS = { id: "Element id", class: "Element class" } as const;
const TARGET_LABELS = {
  inside: "Inside the element",
  before: "Before the element",
  after: "After the element",
} as const;

function emptyForm(): TriggerForm {
  const { id: _id, ...form } = createTrigger();
  return form;
}

/** Runs one step's schema; the first message per field, keyed by field name. */
export function validateTriggerStep(step: 1 | 2, form: TriggerForm): Errors {
  const schema = step === 1 ? triggerRouteStepSchema : triggerTargetStepSchema;
  const result = schema.safeParse(form);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof TriggerForm | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

export function TriggerDialog({
  open,
  onOpenChange,
  onCreate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Saves the trigger; "failed" keeps the dialog open with the form and the error. */
  onCreate: (trigger: Trigger) => Promise<TriggerSaveResult | void> | TriggerSaveResult | void;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const [form, setForm] = useState<TriggerForm>(emptyForm);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState<Record<1 | 2, boolean>>({ 1: false, 2: false });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  function reset() {
    setStep(1);
    setForm(emptyForm());
    setErrors({});
    setSubmitted({ 1: false, 2: false });
    setSaveError(null);
  }

  function change<K extends keyof TriggerForm>(key: K, value: TriggerForm[K]) {
    const next = { ...form, [key]: value };
    setForm(next);
    // After a first submit of a step, its messages follow the input as it changes.
    if (submitted[step]) setErrors(validateTriggerStep(step, next));
  }

  async function submit() {
    setSubmitted((s) => ({ ...s, [step]: true }));
    const stepErrors = validateTriggerStep(step, form);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length > 0) return;
    if (step === 1) {
      setStep(2);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const parsed = {
        ...triggerRouteStepSchema.parse(form),
        ...triggerTargetStepSchema.parse(form),
      };
      const result = await onCreate(createTrigger(parsed));
      if (result === "failed") {
        setSaveError(TOASTS.failure.floowSave);
        return;
      }
      reset();
      onOpenChange(false);
    } catch {
      setSaveError(TOASTS.failure.floowSave);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Trigger</DialogTitle>
          <DialogDescription>
            {step === 1
              ? "On which pages of the website does the floow appear?"
              : "Where on the page is the floow placed?"}
          </DialogDescription>
        </DialogHeader>
        <div
          className="flex items-center gap-3"
          aria-label={`Step ${step} of ${TRIGGER_DIALOG_STEPS}`}
          role="group"
        >
          <div className="flex flex-1 gap-1.5">
            {Array.from({ length: TRIGGER_DIALOG_STEPS }, (_, i) => (
              <span
                key={i}
                data-testid="trigger-progress-step"
                data-active={i < step}
                className={cn(
                  "h-1.5 flex-1 rounded-full transition-colors",
                  i < step ? "bg-primary-600" : "bg-grey-200",
                )}
              />
            ))}
          </div>
          <span className="text-xs font-medium text-grey-500">
            Step {step} of {TRIGGER_DIALOG_STEPS}
          </span>
        </div>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {step === 1 ? (
            <>
              <Field
                label="Route"
                error={errors.route}
                description="A path like /shop or a full address; * matches anything after it."
              >
                <Input
                  value={form.route}
                  maxLength={TEXT_LIMITS.selector}
                  placeholder="/shop"
                  autoFocus
                  onChange={(event) => change("route", event.target.value)}
                />
              </Field>
              <Field label="Route type" error={errors.routeType}>
                <Select
                  value={form.routeType}
                  onChange={(event) =>
                    change("routeType", event.target.value as TriggerForm["routeType"])
                  }
                >
                  {ROUTE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {ROUTE_TYPE_LABELS[type]} ({type})
                    </option>
                  ))}
                </Select>
              </Field>
            </>
          ) : (
            <>
              <Field label="Target" error={errors.target}>
                <Select
                  value={form.target}
                  onChange={(event) =>
                    change("target", event.target.value as TriggerForm["target"])
                  }
                >
                  {TRIGGER_TARGETS.map((target) => (
                    <option key={target} value={target}>
                      {TARGET_LABELS[target]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Attribute" error={errors.attribute}>
                <Select
                  value={form.attribute}
                  onChange={(event) =>
                    change("attribute", event.target.value as TriggerForm["attribute"])
                  }
                >
                  {TRIGGER_ATTRIBUTES.map((attribute) => (
                    <option key={attribute} value={attribute}>
                      {ATTRIBUTE_LABELS[attribute]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Value"
                error={errors.value}
                description={
                  form.attribute === "id"
                    ? "The element's id, e.g. product-finder"
                    : "The element's class, e.g. product-grid"
                }
              >
                <Input
                  maxLength={TEXT_LIMITS.selector}
                  value={form.value}
                  autoFocus
                  onChange={(event) => change("value", event.target.value)}
                />
              </Field>
            </>
          )}
          {saveError ? (
            <p role="alert" className="text-sm font-medium text-red-600">
              {saveError}
            </p>
          ) : null}
          <DialogFooter>
            {step === 2 ? (
              <Button variant="outline" onClick={() => setStep(1)}>
                Back
              </Button>
            ) : null}
            <Button type="submit" loading={saving}>
              {step === 1 ? "Next" : "Create"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
