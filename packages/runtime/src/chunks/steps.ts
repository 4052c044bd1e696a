// The script tag's questions (`/runtime/steps.js`, render/lazy.ts).
import { define } from "../render/lazy";
import { Progress } from "../render/progress";
import { StepView } from "../render/step";

define("steps", { StepView, Progress });
