// @floow/domain/form-input: the form-input concern of the domain model (also in the root export).
export * from "./constants";
export * from "./logic";
export * from "./messages";
export * from "./schema";
export type * from "./types";
