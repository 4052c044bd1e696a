// @floow/domain/events: the events concern of the domain model (also in the root export).
export * from "./constants";
export * from "./inspect-schema";
export * from "./logic";
export * from "./schema";
export type * from "./types";
