// @floow/domain/floow: the floow concern of the domain model (also in the root export).
export * from "./ai-schema";
export * from "./constants";
export * from "./defaults";
export * from "./factories";
export * from "./icons";
export * from "./logic";
export * from "./schema";
export * from "./versions";
export type * from "./types";
