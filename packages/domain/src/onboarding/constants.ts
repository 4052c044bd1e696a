/** The onboarding guide's stages, in order; each has a true/false flag on the record. */
export const ONBOARDING_STAGES = [
  "introduction",
  "home",
  "domains",
  "domainCreate",
  "domainGeneral",
  "domainFloows",
  "domainImplementation",
  "floows",
  "floowCreate",
  "editor",
  "editorBuild",
  "editorWorkspace",
  "editorToolbar",
  "editorCopyStyle",
  "editorFiltersAndConditions",
  "editorResults",
  "editorLaunch",
  "products",
  "feedCreate",
  "analytics",
  "documentation",
  "settings",
  "settingsOrganization",
] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number];
/** The onboarding record lives in a cookie of this name. */
export const ONBOARDING_COOKIE = "floows-onboarding";
