// The script tag's pages after the start page (`/runtime/pages.js`, render/lazy.ts): the
// questions and the walk's rules, form inputs with their validation, the results.
import { formInputErrors, readCard, resolveNextStep, visibleChoices } from "@floow/domain/logic";
import { eventChoices, eventFormInputs, eventStep } from "../events";
import { FinishView } from "../render/finish";
import { define } from "../render/lazy";
import { Nav } from "../render/nav";
import { Progress } from "../render/progress";
import { StepView } from "../render/step";
import { PAGES_CSS } from "../render/styles";

define({
  css: PAGES_CSS,
  StepView,
  Progress,
  Nav,
  FinishView,
  resolveNextStep,
  visibleChoices,
  formInputErrors,
  eventStep,
  eventChoices,
  eventFormInputs,
  readCard,
});
