// @floow/domain/shared: the shared concern of the domain model (also in the root export).
export * from "./constants";
export * from "./format";
export * from "./ids";
export * from "./limits";
export * from "./routes";
export * from "./schema";
export * from "./rich-text";
