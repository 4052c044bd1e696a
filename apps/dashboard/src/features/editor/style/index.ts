/** The style phase's inspector: colours, fonts, sizes of the floow or one step. */
export { StylePanel } from "./style-panel";
