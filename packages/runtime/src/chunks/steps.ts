// The script tag's questions and the walk's rules (`/runtime/steps.js`, render/lazy.ts).
import { pathProgress, resolveNextStep, visibleChoices } from "@floow/domain/logic";
import { eventChoices, eventStep } from "../events";
import { define } from "../render/lazy";
import { Nav } from "../render/nav";
import { Progress } from "../render/progress";
import { StepView } from "../render/step";

define("steps", {
  StepView,
  Progress,
  Nav,
  resolveNextStep,
  visibleChoices,
  pathProgress,
  eventStep,
  eventChoices,
});
