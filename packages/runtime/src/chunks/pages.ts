// The script tag's pages after the start page (`/runtime/pages.js`, render/lazy.ts): the
// questions, form inputs with their validation, the results, and the shopper's actions on
// them (walk.ts, added to floow.js's `Flow`).
import { FinishView } from "../render/finish";
import { define } from "../render/lazy";
import { Nav } from "../render/nav";
import { Progress } from "../render/progress";
import { StepView } from "../render/step";
import { PAGES_CSS } from "../render/styles";
import { walk } from "../walk";

define({
  css: PAGES_CSS,
  StepView,
  Progress,
  Nav,
  FinishView,
  walk,
});
