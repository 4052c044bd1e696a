import type { Choice, Step, StepStyle } from "@floow/domain/logic";
import { gap, padding, paintOf, radius } from "../theme";
import { h } from "preact";
import { FormStep } from "./form";
import { Icon } from "./icons";
import { Img, Rich } from "./parts";
import type { Ui } from "./ui";

function ChoiceButton({
  ui,
  choice,
  style,
  selected,
  multiple,
}: {
  ui: Ui;
  choice: Choice;
  style: StepStyle;
  selected: boolean;
  multiple: boolean;
}) {
  const position = style.imagePosition;
  // A choice's image shows whenever it has one, in every style type: the spec does not say
  // what `basic` (the default) does with it, and a merchant who added an image expects it.
  const image = position !== "none";
  return (
    <button
      key={choice.id}
      type="button"
      class={`choice ${style.type} ${style.variant} img-${position} ${style.shadow && style.type !== "basic" ? "shadow" : ""}`}
      // Radio or checkbox semantics; the mark (a dot or a tick, not only the colour) shows
      // the choice made.
      role={multiple ? "checkbox" : "radio"}
      aria-checked={selected ? "true" : "false"}
      onClick={() => ui.flow.choose(choice.id)}
    >
      {image && <Img src={choice.image} class={`thumb ${position}`} />}
      <span class="label">
        <span class={multiple ? "mark check" : "mark dot"} aria-hidden="true">
          {selected && multiple && <Icon ui={ui} name="check" />}
        </span>
        <Rich html={choice.text} class="text" top={!ui.preview} />
      </span>
    </button>
  );
}

/** A question: its text and image, then its choices, its form inputs, or only content. */
export function StepView({ ui, step }: { ui: Ui; step: Step }) {
  const style = step[ui.device];
  const paint = paintOf(ui, style.colorId);
  const chosen = ui.flow.state.answers[step.id] ?? [];
  const choices =
    step.type === "single" || step.type === "multiple" ? ui.flow.visibleChoices(step) : [];
  const questionId = `q-${step.id}`;
  return (
    <div
      key={step.id}
      class="block"
      style={{
        "--c": paint.c,
        "--on": paint.on,
        "--r": `${radius(style.radius)}px`,
        "--p": `${padding(style.padding)}px`,
        "--gap": `${gap(style.gap)}px`,
        "--cols": Math.max(1, style.columns),
        width: `${style.width}%`,
      }}
    >
      <Rich html={step.text} class="question" id={questionId} top={!ui.preview} />
      <Img src={step.image} class="media" />
      {choices.length > 0 && (
        <div
          class={`choices ${style.direction}`}
          role={step.type === "multiple" ? "group" : "radiogroup"}
          aria-labelledby={questionId}
        >
          {choices.map((choice) => (
            <ChoiceButton
              ui={ui}
              choice={choice}
              style={style}
              selected={chosen.includes(choice.id)}
              multiple={step.type === "multiple"}
            />
          ))}
        </div>
      )}
      {step.type === "form" && <FormStep ui={ui} step={step} />}
    </div>
  );
}
