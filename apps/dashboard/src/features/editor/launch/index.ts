/** The launch phase: embed code, triggers and the floow's feed. */
export { LaunchPanel } from "./launch-panel";
