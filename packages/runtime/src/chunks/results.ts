// The script tag's finish page and results (`/runtime/results.js`, render/lazy.ts).
import { FinishView } from "../render/finish";
import { define } from "../render/lazy";

define("results", { FinishView });
