// @floow/domain/blob: the blob concern of the domain model (also in the root export).
export * from "./constants";
export * from "./schema";
