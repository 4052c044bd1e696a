import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type * as D from "./index";

// tsc checks these: every entity schema produces exactly its dependency-free type.
describe("entity schemas produce the entity types", () => {
  it("type-checks", () => {
    expectTypeOf<z.output<typeof D.userSchema>>().toEqualTypeOf<D.User>();
    expectTypeOf<z.output<typeof D.invitationSchema>>().toEqualTypeOf<D.Invitation>();
    expectTypeOf<z.output<typeof D.inviteSchema>>().toEqualTypeOf<D.InvitePayload>();
    expectTypeOf<z.output<typeof D.teamUserSchema>>().toEqualTypeOf<D.TeamUser>();
    expectTypeOf<z.output<typeof D.newUserSchema>>().toEqualTypeOf<D.NewUser>();
    expectTypeOf<z.output<typeof D.organizationSchema>>().toEqualTypeOf<D.Organization>();
    expectTypeOf<z.output<typeof D.domainSchema>>().toEqualTypeOf<D.Domain>();
    expectTypeOf<z.output<typeof D.colorSchema>>().toEqualTypeOf<D.Color>();
    expectTypeOf<z.output<typeof D.domainFontSchema>>().toEqualTypeOf<D.Font>();
    expectTypeOf<z.output<typeof D.feedSchema>>().toEqualTypeOf<D.Feed>();
    expectTypeOf<z.output<typeof D.feedVariablesSchema>>().toEqualTypeOf<D.FeedVariables>();
    expectTypeOf<z.output<typeof D.floowSchema>>().toEqualTypeOf<D.Floow>();
    expectTypeOf<z.output<typeof D.stepSchema>>().toEqualTypeOf<D.Step>();
    expectTypeOf<z.output<typeof D.choiceSchema>>().toEqualTypeOf<D.Choice>();
    expectTypeOf<z.output<typeof D.conditionSchema>>().toEqualTypeOf<D.Condition>();
    expectTypeOf<z.output<typeof D.filterGroupSchema>>().toEqualTypeOf<D.FilterGroup>();
    expectTypeOf<z.output<typeof D.filterSchema>>().toEqualTypeOf<D.Filter>();
    expectTypeOf<z.output<typeof D.formInputSchema>>().toEqualTypeOf<D.FormInput>();
    expectTypeOf<z.output<typeof D.triggerSchema>>().toEqualTypeOf<D.Trigger>();
    expectTypeOf<z.output<typeof D.webhookSchema>>().toEqualTypeOf<D.Webhook>();
    expectTypeOf<
      z.output<typeof D.integrationConfigurationSchema>
    >().toEqualTypeOf<D.IntegrationConfiguration>();
    expectTypeOf<z.output<typeof D.integrationSchema>>().toEqualTypeOf<D.Integration>();
    expectTypeOf<z.output<typeof D.newFloowSchema>>().toEqualTypeOf<D.NewFloowForm>();
    expectTypeOf<z.output<typeof D.supportTicketSchema>>().toEqualTypeOf<D.SupportTicket>();
    expectTypeOf<z.output<typeof D.floowEventMessageSchema>>().toEqualTypeOf<D.FloowEventMessage>();
  });
});
