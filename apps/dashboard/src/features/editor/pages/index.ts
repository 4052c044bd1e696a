/**
 * The inspector of the build phase: what the selected item holds (a step's summary, the
 * start page, the finish page; the trigger page is in ../triggers).
 */
export { FinishPanel } from "./finish-panel";
export { StartPanel } from "./start-panel";
export { StepPanel } from "./step-panel";
