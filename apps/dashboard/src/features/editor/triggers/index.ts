/** Triggers: where on the merchant's site the floow opens (list, panel, create dialog). */
export { TriggerList, TriggerPanel } from "./trigger-panel";
