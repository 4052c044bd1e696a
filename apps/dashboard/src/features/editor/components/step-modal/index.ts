export { StepModal } from "./step-modal";
