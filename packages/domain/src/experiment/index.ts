// @floow/domain/experiment: experiments on a floow (issue 23): states, the split, sticky
// assignment and the statistics of the results (docs/analytics.md, "Experiments").
export * from "./arms";
export * from "./assign";
export * from "./constants";
export * from "./schema";
export * from "./stats";
