// @floow/domain/api-key: API keys of the public REST API (docs/api.md).
export * from "./constants";
export * from "./schema";
export type * from "./types";
