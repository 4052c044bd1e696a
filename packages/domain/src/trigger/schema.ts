import { z } from "zod";
import { TEXT_LIMITS } from "../shared/limits";
import { requiredString } from "../shared/schema";
import { VALIDATION_MESSAGES } from "../validation/messages";
import { ROUTE_TYPES, TRIGGER_ATTRIBUTES, TRIGGER_TARGETS } from "./constants";

const m = VALIDATION_MESSAGES.trigger;

/** A trigger, as stored and as the trigger dialog validates it (each field has its message). */
export const triggerSchema = z.object({
  id: z.string().max(TEXT_LIMITS.id).optional(),
  route: requiredString(m.routeRequired, "selector", "A route"),
  routeType: z.enum(ROUTE_TYPES, { error: m.routeTypeInvalid }),
  attribute: z.enum(TRIGGER_ATTRIBUTES, { error: m.attributeInvalid }),
  value: requiredString(m.valueRequired, "selector", "A value"),
  target: z.enum(TRIGGER_TARGETS, { error: m.targetInvalid }),
});

/** Trigger dialog, step 1: route and route type. */
export const triggerRouteStepSchema = triggerSchema.pick({ route: true, routeType: true });
/** Trigger dialog, step 2: target, attribute and value. */
export const triggerTargetStepSchema = triggerSchema.pick({
  target: true,
  attribute: true,
  value: true,
});
