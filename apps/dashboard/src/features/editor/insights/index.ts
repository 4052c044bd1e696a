/** What the live feed says about the draft: match counts per choice and dead ends. */
export { DeadEndsPanel } from "./dead-ends-panel";
export { InsightsProvider, useInsights } from "./insights-context";
export { MatchCountBadge } from "./match-count-badge";
