import { EVENT_VALUE_TYPES } from "@floow/domain/floow";
import type { Step } from "@floow/domain/floow";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { useEditor } from "../editor-context";
import { humanize } from "../shared";
import { LabeledSelect, SmallInput } from "./fields";

/** The Events tab: the keys the step's answer is sent under. */
export function StepEvents({ step }: { step: Step }) {
  const { updateStep } = useEditor();
  const set = (fn: (event: Step["event"]) => Step["event"]) =>
    updateStep(step.id, (s) => ({ ...s, event: fn(s.event) }));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-grey-600">
        Keys under which this question&apos;s answer is sent to the data layer and the activation
        platform.
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <SmallInput
          label="Data layer key"
          maxLength={TEXT_LIMITS.key}
          value={step.event.dataLayer.key}
          onChange={(key) => set((e) => ({ ...e, dataLayer: { ...e.dataLayer, key } }))}
        />
        <LabeledSelect
          label="Data layer value"
          value={step.event.dataLayer.type}
          onChange={(event) =>
            set((e) => ({
              ...e,
              dataLayer: { ...e.dataLayer, type: event.target.value as "single" },
            }))
          }
        >
          {EVENT_VALUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {humanize(type)}
            </option>
          ))}
        </LabeledSelect>
        <SmallInput
          label="Activation key"
          maxLength={TEXT_LIMITS.key}
          value={step.event.activation.key}
          onChange={(key) => set((e) => ({ ...e, activation: { ...e.activation, key } }))}
        />
        <LabeledSelect
          label="Activation value"
          value={step.event.activation.type}
          onChange={(event) =>
            set((e) => ({
              ...e,
              activation: { ...e.activation, type: event.target.value as "single" },
            }))
          }
        >
          {EVENT_VALUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {humanize(type)}
            </option>
          ))}
        </LabeledSelect>
      </div>
    </div>
  );
}
