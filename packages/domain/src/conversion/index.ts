// @floow/domain/conversion: orders, their attribution and the consent settings (issue 23).
export * from "./constants";
export * from "./logic";
export * from "./schema";
export type * from "./types";
