/** The build phase's flow: the step list (left) and the flow graph (centre). */
export { FlowGraph } from "./flow-graph";
export { StepList } from "./step-list";
