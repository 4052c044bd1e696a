// @floow/domain: the model and rules of Floow, for the API and the dashboard.
// The runtime imports `@floow/domain/logic` (dependency-free) instead.
export * from "./logic";
export * from "./constants";
export * from "./errors";

// Defaults and factories
export * from "./floow/defaults";
export * from "./floow/factories";
export * from "./domain/factories";
export * from "./domain/logic";
export * from "./feed/factories";
export * from "./feed/logic";
export * from "./webhook/factories";
export * from "./shared/routes";
export * from "./insights/index";
export * from "./publish/index";

// Messages
export * from "./validation/messages";
export * from "./messages/catalogue";

// Constants of entities that the runtime does not need
export * from "./webhook/constants";
export * from "./integration/constants";
export * from "./support/constants";
export * from "./blob/constants";
export * from "./analytics/constants";

// Types
export type * from "./organization/types";
export type * from "./user/types";
export type * from "./domain/types";
export type * from "./webhook/types";
export type * from "./integration/types";
export type * from "./support/types";
export type * from "./analytics/types";

// Zod schemas
export * from "./shared/schema";
export * from "./floow/schema";
export * from "./floow/ai-schema";
export * from "./floow/versions";
export * from "./filter/schema";
export * from "./form-input/schema";
export * from "./trigger/schema";
export * from "./domain/schema";
export * from "./feed/schema";
export * from "./organization/schema";
export * from "./user/schema";
export * from "./support/schema";
export * from "./webhook/schema";
export * from "./integration/schema";
export * from "./events/schema";
export * from "./events/inspect-schema";
export * from "./blob/schema";
export * from "./analytics/schema";
