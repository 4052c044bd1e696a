import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { colorSchema, domainFontSchema, domainSchema } from "./domain/schema";
import type { Color, Domain, Font } from "./domain/types";
import type { floowEventMessageSchema } from "./events/schema";
import type { FloowEventMessage } from "./events/types";
import type { feedSchema, feedVariablesSchema } from "./feed/schema";
import type { Feed, FeedVariables } from "./feed/types";
import type { filterGroupSchema, filterSchema } from "./filter/schema";
import type { Filter, FilterGroup } from "./filter/types";
import type { choiceSchema, conditionSchema, floowSchema, stepSchema } from "./floow/schema";
import type { newFloowSchema } from "./floow/spec-entities";
import type { Choice, Condition, Floow, NewFloowForm, Step } from "./floow/types";
import type { formInputSchema } from "./form-input/schema";
import type { FormInput } from "./form-input/types";
import type {
  integrationConfigurationSchema,
  integrationSchema,
} from "./integration/spec-entities";
import type { Integration, IntegrationConfiguration } from "./integration/types";
import type { organizationSchema } from "./organization/spec-entities";
import type { Organization } from "./organization/types";
import type { supportTicketSchema } from "./support/schema";
import type { SupportTicket } from "./support/types";
import type { triggerSchema } from "./trigger/schema";
import type { Trigger } from "./trigger/types";
import type { inviteSchema } from "./user/schema";
import type {
  invitationSchema,
  newUserSchema,
  teamUserSchema,
  userSchema,
} from "./user/spec-entities";
import type { Invitation, InvitePayload, NewUser, TeamUser, User } from "./user/types";
import type { webhookSchema } from "./webhook/schema";
import type { Webhook } from "./webhook/types";

// tsc checks these: every entity schema produces exactly its dependency-free type.
describe("entity schemas produce the entity types", () => {
  it("type-checks", () => {
    expectTypeOf<z.output<typeof userSchema>>().toEqualTypeOf<User>();
    expectTypeOf<z.output<typeof invitationSchema>>().toEqualTypeOf<Invitation>();
    expectTypeOf<z.output<typeof inviteSchema>>().toEqualTypeOf<InvitePayload>();
    expectTypeOf<z.output<typeof teamUserSchema>>().toEqualTypeOf<TeamUser>();
    expectTypeOf<z.output<typeof newUserSchema>>().toEqualTypeOf<NewUser>();
    expectTypeOf<z.output<typeof organizationSchema>>().toEqualTypeOf<Organization>();
    expectTypeOf<z.output<typeof domainSchema>>().toEqualTypeOf<Domain>();
    expectTypeOf<z.output<typeof colorSchema>>().toEqualTypeOf<Color>();
    expectTypeOf<z.output<typeof domainFontSchema>>().toEqualTypeOf<Font>();
    expectTypeOf<z.output<typeof feedSchema>>().toEqualTypeOf<Feed>();
    expectTypeOf<z.output<typeof feedVariablesSchema>>().toEqualTypeOf<FeedVariables>();
    expectTypeOf<z.output<typeof floowSchema>>().toEqualTypeOf<Floow>();
    expectTypeOf<z.output<typeof stepSchema>>().toEqualTypeOf<Step>();
    expectTypeOf<z.output<typeof choiceSchema>>().toEqualTypeOf<Choice>();
    expectTypeOf<z.output<typeof conditionSchema>>().toEqualTypeOf<Condition>();
    expectTypeOf<z.output<typeof filterGroupSchema>>().toEqualTypeOf<FilterGroup>();
    expectTypeOf<z.output<typeof filterSchema>>().toEqualTypeOf<Filter>();
    expectTypeOf<z.output<typeof formInputSchema>>().toEqualTypeOf<FormInput>();
    expectTypeOf<z.output<typeof triggerSchema>>().toEqualTypeOf<Trigger>();
    expectTypeOf<z.output<typeof webhookSchema>>().toEqualTypeOf<Webhook>();
    expectTypeOf<
      z.output<typeof integrationConfigurationSchema>
    >().toEqualTypeOf<IntegrationConfiguration>();
    expectTypeOf<z.output<typeof integrationSchema>>().toEqualTypeOf<Integration>();
    expectTypeOf<z.output<typeof newFloowSchema>>().toEqualTypeOf<NewFloowForm>();
    expectTypeOf<z.output<typeof supportTicketSchema>>().toEqualTypeOf<SupportTicket>();
    expectTypeOf<z.output<typeof floowEventMessageSchema>>().toEqualTypeOf<FloowEventMessage>();
  });
});
