import { aiRouter } from "../routers/ai";
import { apiKeyRouter } from "../routers/api-key";
import { analyticsRouter } from "../routers/analytics";
import { authRouter } from "../routers/auth";
import { domainRouter } from "../routers/domain";
import { eventRouter } from "../routers/event";
import { experimentRouter } from "../routers/experiment";
import { feedRouter } from "../routers/feed";
import { floowRouter } from "../routers/floow";
import { insightRouter } from "../routers/insight";
import { integrationRouter } from "../routers/integration";
import { invitationRouter } from "../routers/invitation";
import { teamRouter } from "../routers/team";
import { organizationRouter } from "../routers/organization";
import { productRouter } from "../routers/product";
import { supportRouter } from "../routers/support";
import { userRouter } from "../routers/user";
import { webhookRouter } from "../routers/webhook";
import { router } from "./init";

/** The dashboard's API. One router per entity; the dashboard imports only `type AppRouter`. */
export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  invitation: invitationRouter,
  team: teamRouter,
  organization: organizationRouter,
  domain: domainRouter,
  floow: floowRouter,
  experiment: experimentRouter,
  insight: insightRouter,
  ai: aiRouter,
  feed: feedRouter,
  product: productRouter,
  event: eventRouter,
  analytics: analyticsRouter,
  support: supportRouter,
  webhook: webhookRouter,
  integration: integrationRouter,
  apiKey: apiKeyRouter,
});

export type AppRouter = typeof appRouter;
