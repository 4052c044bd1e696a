/**
 * The editor's state outside React: the reducer and its model, autosave, merging a
 * server copy after a conflict, and the filter fields of a feed.
 */
export { createAutosave } from "./autosave";
export type { Autosave, SaveStatus } from "./autosave";
export { createEditorModel, editorReducer, isTriggerIndex, removeChoice } from "./editor-state";
export type { EditorAction, EditorModel, EditorUi } from "./editor-state";
export { filterFields } from "./filter-fields";
export { mergeServerCopy, serverChanged } from "./server-copy";
