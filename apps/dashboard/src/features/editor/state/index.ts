/**
 * The editor's state outside React: the reducer and its model, what the user looks at
 * (phases, states, views, the selection), autosave, merging a server copy after a conflict,
 * and the filter fields of a feed.
 */
export { createAutosave } from "./autosave";
export type { Autosave, SaveStatus } from "./autosave";
export { createEditorModel, editorReducer, isTriggerIndex, removeChoice } from "./editor-state";
export type { EditorAction, EditorModel, EditorUi } from "./editor-state";
export { filterFields } from "./filter-fields";
export { mergeServerCopy, serverChanged } from "./server-copy";
export {
  EDITOR_DEFAULTS,
  EDITOR_FLOW_VIEWS,
  EDITOR_PHASES,
  EDITOR_STATES,
  SETTINGS_CATEGORIES,
} from "./editor-ui";
export type {
  EditorFlowView,
  EditorPhase,
  EditorState,
  SettingsCategory,
  StyleScope,
} from "./editor-ui";
export type { EditorSelection } from "./selection";
