// @floow/domain/messages: the messages concern of the domain model (also in the root export).
export * from "./toasts";
