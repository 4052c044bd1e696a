/**
 * What the editor's user looks at, as names: the phase (top tabs), the state of the build
 * phase, the flow view, the settings category, the style scope, and where a new editor
 * starts. Dashboard-only UI state (moved here from `@floow/domain/editor`).
 */
import { EDITOR_SCALE_DEFAULT } from "@floow/domain/shared";

export const EDITOR_PHASES = ["floow", "build", "launch"] as const;
export type EditorPhase = (typeof EDITOR_PHASES)[number];
export const EDITOR_STATES = ["flow", "style", "preview"] as const;
export type EditorState = (typeof EDITOR_STATES)[number];
export const EDITOR_FLOW_VIEWS = ["filters", "conditions"] as const;
export type EditorFlowView = (typeof EDITOR_FLOW_VIEWS)[number];
export const SETTINGS_CATEGORIES = ["General", "Buttons"] as const;
export type SettingsCategory = (typeof SETTINGS_CATEGORIES)[number];
/** Whether a style change applies to the current step or to all steps. */
export type StyleScope = "current" | "all";

/** The editor's initial values. */
export const EDITOR_DEFAULTS = {
  phase: "floow",
  state: "flow",
  device: "mobile",
  flowView: "filters",
  scale: EDITOR_SCALE_DEFAULT,
  settingsCategory: "General",
} as const;
