// @floow/domain/results: the results concern of the domain model (also in the root export).
export * from "./constants";
export * from "./indexed";
export * from "./logic";
export * from "./product";
export * from "./link";
