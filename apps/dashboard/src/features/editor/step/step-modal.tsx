/**
 * Editing one step in a modal (spec section 2): the question, its image and type, the
 * choices (rich text, image, event keys), form inputs, conditions and the step's event keys.
 * Edits go straight into the editor state (and so into autosave): nothing is held back
 * in a draft that closing the modal could lose. Each tab is its own file in this folder.
 */
import { STEP_TYPES, stepSchema } from "@floow/domain/floow";
import type { Step } from "@floow/domain/floow";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Select,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@floow/ui";
import { useId } from "react";
import { useEditor } from "../editor-context";
import { FloowImageField, RichText } from "../shared";
import { ChoicesEditor } from "./choices-editor";
import { ConditionsEditor } from "./conditions-editor";
import { FormInputsEditor } from "./form-inputs-editor";
import { StepEvents } from "./step-events";

const STEP_TYPE_LABELS: Record<Step["type"], string> = {
  single: "Single choice",
  multiple: "Multiple choice",
  form: "Form",
  content: "Content only",
};

export function StepModal() {
  const { model, dispatch } = useEditor();
  const stepId = model.editingStepId;
  const index = model.floow.steps.findIndex((s) => s.id === stepId);
  const step = model.floow.steps[index];

  return (
    <Dialog
      open={Boolean(step)}
      onOpenChange={(open) => (open ? null : dispatch({ type: "modal/close" }))}
    >
      {step ? (
        <DialogContent className="max-w-3xl gap-0 p-0" aria-describedby={undefined}>
          <DialogHeader className="border-b border-grey-100 px-6 pt-5 pb-4">
            <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">
              Step {index + 1}
            </p>
            <DialogTitle>Edit question</DialogTitle>
            <DialogDescription className="sr-only">
              Question, choices, conditions and events of this step.
            </DialogDescription>
          </DialogHeader>
          <StepForm step={step} />
          <div className="flex justify-end border-t border-grey-100 px-6 py-4">
            <Button onClick={() => dispatch({ type: "modal/close" })}>Done</Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function StepForm({ step }: { step: Step }) {
  const { updateStep } = useEditor();
  const update = (fn: (s: Step) => Step) => updateStep(step.id, fn);
  const typeId = useId();
  const isForm = step.type === "form";
  const hasChoices = step.type === "single" || step.type === "multiple";

  return (
    <Tabs defaultValue="question" className="flex min-h-0 flex-col">
      <TabsList className="px-6">
        <TabsTrigger value="question">Question</TabsTrigger>
        {hasChoices ? (
          <TabsTrigger value="choices">Choices ({step.choices.length})</TabsTrigger>
        ) : null}
        {isForm ? (
          <TabsTrigger value="inputs">Form inputs ({step.formInputs.length})</TabsTrigger>
        ) : null}
        <TabsTrigger value="conditions">Conditions ({step.conditions.length})</TabsTrigger>
        <TabsTrigger value="events">Events</TabsTrigger>
      </TabsList>
      <div className="max-h-[60dvh] overflow-y-auto px-6 pb-6">
        <TabsContent value="question" className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={typeId} className="text-sm font-medium text-grey-800">
              Type
            </label>
            <Select
              id={typeId}
              value={step.type}
              onChange={(event) =>
                update((s) => ({ ...s, type: event.target.value as Step["type"] }))
              }
            >
              {STEP_TYPES.map((type) => (
                <option key={type} value={type}>
                  {STEP_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-grey-800">Question</span>
            <RichText
              label="Question"
              schema={stepSchema.shape.text}
              value={step.text}
              onChange={(text) => update((s) => ({ ...s, text }))}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-grey-800">Image</span>
            <FloowImageField
              label="Question image"
              value={step.image}
              onChange={(image) => update((s) => ({ ...s, image }))}
            />
          </div>
        </TabsContent>
        {hasChoices ? (
          <TabsContent value="choices">
            <ChoicesEditor step={step} />
          </TabsContent>
        ) : null}
        {isForm ? (
          <TabsContent value="inputs">
            <FormInputsEditor step={step} />
          </TabsContent>
        ) : null}
        <TabsContent value="conditions">
          <ConditionsEditor step={step} />
        </TabsContent>
        <TabsContent value="events">
          <StepEvents step={step} />
        </TabsContent>
      </div>
    </Tabs>
  );
}
