import { choiceSchema, createChoice } from "@floow/domain/floow";
import type { Choice, Step } from "@floow/domain/floow";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { Button, PlusIcon, TrashIcon } from "@floow/ui";
import { useState } from "react";
import { useEditor } from "../editor-context";
import { removeChoice } from "../state";
import { ChoiceFilters } from "./choice-filters";
import { ChevronDownIcon, ChevronUpIcon, FloowImageField, RichText } from "../shared";
import { SmallInput } from "./fields";

/** The Choices tab: each choice's text, image, event keys and (selling) filters. */
export function ChoicesEditor({ step }: { step: Step }) {
  const { floow, updateStep, updateFloow } = useEditor();
  const selling = floow.type === "selling";
  const [focusId, setFocusId] = useState<string | null>(null);
  const setChoice = (choiceId: string, fn: (c: Choice) => Choice) =>
    updateStep(step.id, (s) => ({
      ...s,
      choices: s.choices.map((c) => (c.id === choiceId ? fn(c) : c)),
    }));
  const move = (from: number, to: number) =>
    updateStep(step.id, (s) => {
      const choices = [...s.choices];
      const [item] = choices.splice(from, 1);
      if (item) choices.splice(to, 0, item);
      return { ...s, choices };
    });

  return (
    <div className="flex flex-col gap-3">
      {selling ? (
        <p className="text-sm text-grey-600">
          Filters decide the products on the finish page. Choices of the same question widen each
          other (a product may match any picked choice); answers to different questions narrow each
          other (a product must match each). A choice without filters keeps every product.
        </p>
      ) : null}
      {step.choices.length === 0 ? (
        <p className="rounded-xl border border-dashed border-grey-300 px-4 py-6 text-center text-sm text-grey-500">
          No choices yet. Add the answers a visitor can pick.
        </p>
      ) : null}
      {step.choices.map((choice, i) => (
        <div
          key={choice.id}
          className="flex flex-col gap-3 rounded-xl border border-grey-200 bg-grey-50/60 p-4"
          data-testid="choice-editor"
        >
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold text-grey-500">Choice {i + 1}</span>
            <div className="flex items-center gap-0.5">
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={`Move choice ${i + 1} up`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                <ChevronUpIcon />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={`Move choice ${i + 1} down`}
                disabled={i === step.choices.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <ChevronDownIcon />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-7 text-grey-500 hover:text-red-600"
                aria-label={`Delete choice ${i + 1}`}
                onClick={() => updateFloow((f) => removeChoice(f, step.id, choice.id))}
              >
                <TrashIcon size={15} />
              </Button>
            </div>
          </div>
          <RichText
            autoFocus={choice.id === focusId}
            compact
            label={`Choice ${i + 1}`}
            placeholder="Answer"
            schema={choiceSchema.shape.text}
            value={choice.text}
            onChange={(text) => setChoice(choice.id, (c) => ({ ...c, text }))}
          />
          <FloowImageField
            compact
            label={`Choice ${i + 1} image`}
            value={choice.image}
            onChange={(image) => setChoice(choice.id, (c) => ({ ...c, image }))}
          />
          <div className="grid gap-2 sm:grid-cols-3">
            <SmallInput
              label="Data layer key"
              maxLength={TEXT_LIMITS.key}
              value={choice.event.dataLayer.key}
              onChange={(key) =>
                setChoice(choice.id, (c) => ({
                  ...c,
                  event: { ...c.event, dataLayer: { ...c.event.dataLayer, key } },
                }))
              }
            />
            <SmallInput
              label="Custom event"
              maxLength={TEXT_LIMITS.key}
              value={choice.event.dataLayer.customEvent}
              onChange={(customEvent) =>
                setChoice(choice.id, (c) => ({
                  ...c,
                  event: { ...c.event, dataLayer: { ...c.event.dataLayer, customEvent } },
                }))
              }
            />
            <SmallInput
              label="Activation key"
              maxLength={TEXT_LIMITS.key}
              value={choice.event.activation.key}
              // The activation platform's keys are lowercase (spec section 3).
              onChange={(key) =>
                setChoice(choice.id, (c) => ({
                  ...c,
                  event: {
                    ...c.event,
                    activation: { ...c.event.activation, key: key.toLowerCase() },
                  },
                }))
              }
            />
          </div>
          {selling ? <ChoiceFilters choiceId={choice.id} label={`choice ${i + 1}`} /> : null}
        </div>
      ))}
      <Button
        variant="outline"
        className="self-start"
        onClick={() => {
          const choice = createChoice({ stepId: step.id });
          setFocusId(choice.id);
          updateStep(step.id, (s) => ({ ...s, choices: [...s.choices, choice] }));
        }}
      >
        <PlusIcon size={16} />
        Add choice
      </Button>
    </div>
  );
}
