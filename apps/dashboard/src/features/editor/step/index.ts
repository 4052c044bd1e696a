/**
 * The step modal: a step's question, choices (with their filters), form inputs,
 * conditions and events.
 */
export { StepModal } from "./step-modal";
