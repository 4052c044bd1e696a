/** The floow's product feed: the settings section and the dialog that picks a feed. */
export { ChooseFeedDialog, FloowFeedSection } from "./floow-feed";
