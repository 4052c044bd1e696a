// @floow/domain/publish: the pre-publish check (issue 26): the change list and the draft's rules.
export * from "./check";
export * from "./diff";
export * from "./feed-check";
export * from "./text";
export type * from "./types";
