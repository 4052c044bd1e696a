import { Badge, Button } from "@floow/ui";
import { useEditor } from "../editor-context";
import { PanelSection, PencilIcon, plainText } from "../shared";

/** A step's summary in the inspector; "Edit step" opens the step modal. */
export function StepPanel({ stepId }: { stepId: string }) {
  const { floow, dispatch } = useEditor();
  const index = floow.steps.findIndex((s) => s.id === stepId);
  const step = floow.steps[index];
  if (!step) return null;
  const stepTitle = (id: string | null) => {
    const i = floow.steps.findIndex((s) => s.id === id);
    return i === -1 ? "—" : `${i + 1}. ${plainText(floow.steps[i]?.text ?? "")}`;
  };
  return (
    <>
      <PanelSection
        title={`Step ${index + 1}`}
        actions={
          <Button
            size="sm"
            variant="outline"
            onClick={() => dispatch({ type: "modal/open", stepId })}
          >
            <PencilIcon size={14} />
            Edit step
          </Button>
        }
      >
        {/* Plain text: stored HTML is never injected into the dashboard. */}
        <p className="text-base font-medium text-grey-900">
          {plainText(step.text) || "Untitled question"}
        </p>
        {step.image ? (
          <img src={step.image} alt="" className="max-h-32 rounded-lg object-cover" />
        ) : null}
      </PanelSection>
      {step.type === "form" ? (
        <PanelSection title="Form inputs">
          <ul className="flex flex-col gap-1.5">
            {step.formInputs.map((input) => (
              <li
                key={input.id}
                className="flex items-center justify-between rounded-lg bg-grey-50 px-3 py-2 text-sm"
              >
                <span>{input.label || "Untitled input"}</span>
                <Badge>{input.type}</Badge>
              </li>
            ))}
          </ul>
        </PanelSection>
      ) : (
        <PanelSection title="Choices">
          {step.choices.length === 0 ? (
            <p className="text-sm text-grey-500">No choices yet.</p>
          ) : null}
          <ul className="flex flex-col gap-1.5">
            {step.choices.map((choice, i) => (
              <li
                key={choice.id}
                className="flex items-center gap-2 rounded-lg bg-grey-50 px-3 py-2 text-sm text-grey-800"
              >
                {choice.image ? (
                  <img src={choice.image} alt="" className="size-6 rounded object-cover" />
                ) : null}
                {plainText(choice.text) || `Choice ${i + 1}`}
              </li>
            ))}
          </ul>
        </PanelSection>
      )}
      <PanelSection title="Conditions">
        {step.conditions.length === 0 ? (
          <p className="text-sm text-grey-500">None: the next step follows.</p>
        ) : null}
        <ul className="flex flex-col gap-1.5">
          {step.conditions.map((condition) => {
            const choice = step.choices.find((c) => c.id === condition.conditionChoiceId);
            const when =
              condition.condition === "always"
                ? "Always"
                : `${condition.condition === "selected" ? "If" : "If not"} “${plainText(choice?.text ?? "") || "?"}”`;
            const then =
              condition.consequence === "goToFinish"
                ? "finish"
                : stepTitle(condition.consequenceStepId);
            return (
              <li
                key={condition.id}
                className="rounded-lg bg-grey-50 px-3 py-2 text-xs text-grey-700"
              >
                <span className="font-medium">{when}</span> →{" "}
                {condition.consequence === "goToStep" || condition.consequence === "goToFinish"
                  ? then
                  : `${condition.consequence === "showChoices" ? "show" : "hide"} choices of ${then}`}
              </li>
            );
          })}
        </ul>
      </PanelSection>
    </>
  );
}
