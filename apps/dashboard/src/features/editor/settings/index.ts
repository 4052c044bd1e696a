/** The settings phase: name, product feed, general and results settings. */
export { GeneralSettings, SettingsPanel } from "./settings-panel";
