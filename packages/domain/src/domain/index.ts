// @floow/domain/domain: the domain concern of the domain model (also in the root export).
export * from "./constants";
export * from "./factories";
export * from "./logic";
export * from "./paint";
export * from "./schema";
export type * from "./types";
