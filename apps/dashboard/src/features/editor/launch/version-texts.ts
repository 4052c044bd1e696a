/**
 * Toasts of the version actions, in the spec's style (`Floow published` / `Something went
 * wrong publishing the floow`). They are not spec texts, so they live here and not in the
 * domain's TOASTS (which holds spec section 8 exactly).
 */
export const VERSION_TOASTS = {
  success: {
    rollback: (number: number) => `Version ${number} is live again`,
    restore: (number: number) => `Version ${number} copied to the draft`,
  },
  failure: {
    rollback: "Something went wrong rolling back the floow",
    restore: "Something went wrong restoring the version",
  },
} as const;
