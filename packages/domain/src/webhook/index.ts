// @floow/domain/webhook: the webhook concern of the domain model (also in the root export).
export * from "./constants";
export * from "./schema";
export type * from "./types";
