// @floow/domain/validation: the validation concern of the domain model (also in the root export).
export * from "./checkers";
export * from "./messages";
