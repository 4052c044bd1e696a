// @floow/domain/public: the public concern of the domain model (also in the root export).
export type * from "./types";
export * from "./texts";
