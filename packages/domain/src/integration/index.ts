// @floow/domain/integration: the integration concern of the domain model (also in the root export).
export * from "./constants";
export * from "./schema";
export type * from "./types";
