// @floow/domain/onboarding: the onboarding concern of the domain model (also in the root export).
export * from "./constants";
export * from "./logic";
export * from "./schema";
export type * from "./types";
