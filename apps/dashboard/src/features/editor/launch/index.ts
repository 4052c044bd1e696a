/**
 * The launch phase: publishing with the pre-publish check (publish-dialog, a11y-check),
 * the published versions with rollback (version-list), the embed code and triggers, and
 * the floow's state with shoppers (release-badges, also in the editor's header).
 */
export { LaunchPanel } from "./launch-panel";
export { ReleaseBadges } from "./release-badges";
export { versionsOptions } from "./versions-queries";
