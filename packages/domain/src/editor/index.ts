// @floow/domain/editor: the editor concern of the domain model (also in the root export).
export * from "./constants";
export * from "./logic";
