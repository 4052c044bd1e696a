// @floow/domain/api-v1: the public REST API's schemas (docs/api.md).
export * from "./schema";
