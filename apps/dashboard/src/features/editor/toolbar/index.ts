/** The editor's header: name, phase tabs, save state and the floow's actions. */
export { EditorToolbar } from "./editor-toolbar";
