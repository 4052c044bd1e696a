/**
 * The role × procedure matrix (docs/permissions.md): one row per tRPC procedure of the app
 * router. `permissions.test.ts` lists the procedures from `appRouter` itself, so a procedure
 * without a row (or a row without a procedure) fails the test: ADD A ROW WITH EVERY NEW
 * PROCEDURE, and the same line to the table in docs/permissions.md.
 *
 * - `allowed`: who gets past the role check. The test calls the procedure as each kind of
 *   caller without input: the others must get UNAUTHORIZED (anonymous) or FORBIDDEN, the
 *   allowed ones anything else (input-less procedures really run, so keep them harmless).
 *   Callers: `admin` and `member` of organization A; `removed`, a signed-in user who was a
 *   member of A and was removed (belongs to no organization now); `anonymous`, no session.
 * - `foreign`: an input with organization A's ids; the test sends it as the admin of another
 *   organization B and expects NOT_FOUND (`expect: "NOT_FOUND"`, the default) or an answer
 *   that holds none of A's ids (`expect: "none of A"`, for lists and filters). Leave it out
 *   only when the procedure takes no ids of organization data.
 */
import type { Domain } from "@floow/domain/domain";
import type { VersionedFloow } from "@floow/domain/floow";

export type MatrixCaller = "admin" | "member" | "removed" | "anonymous";

/** What organization A holds in the matrix test (its ids are what B must not reach). */
export interface MatrixFixture {
  organizationId: string;
  adminId: string;
  memberId: string;
  domain: Domain;
  floow: VersionedFloow;
  feedId: string;
  /** A pending invitation of A. */
  invitationId: string;
  /** A draft experiment on A's floow. */
  experimentId: string;
}

export interface PermissionRow {
  allowed: readonly MatrixCaller[];
  foreign?: { input: (a: MatrixFixture) => unknown; expect?: "NOT_FOUND" | "none of A" };
  /** One line: why this rule (docs/permissions.md has the longer story). */
  why: string;
}

const ANYONE = ["admin", "member", "removed", "anonymous"] as const;
const SIGNED_IN = ["admin", "member", "removed"] as const;
const MEMBERS = ["admin", "member"] as const;
const ADMINS = ["admin"] as const;

const byId = (pick: (a: MatrixFixture) => string) => ({
  input: (a: MatrixFixture) => ({ id: pick(a) }),
});

export const PERMISSION_MATRIX: Record<string, PermissionRow> = {
  // auth, user, organization
  "auth.config": { allowed: ANYONE, why: "the login page needs it before a session exists" },
  "user.get": {
    allowed: SIGNED_IN,
    why: "the route guard's bundle; only the active organization's data",
  },
  "user.update": { allowed: SIGNED_IN, why: "the caller's own name, title and picture" },
  "organization.create": {
    allowed: SIGNED_IN,
    why: "anyone may start an organization and becomes its admin",
  },
  "organization.update": {
    allowed: ADMINS,
    why: "the organization's name and branding speak for everyone",
  },
  "support.config": { allowed: SIGNED_IN, why: "the support dialog's fallback address" },
  "support.create": { allowed: SIGNED_IN, why: "any signed-in user may ask for help" },

  // invitations (issue 10)
  "invitation.create": { allowed: ADMINS, why: "who joins the organization is an admin's call" },
  "invitation.resend": {
    allowed: ADMINS,
    foreign: byId((a) => a.invitationId),
    why: "a new link for a pending invitation",
  },
  "invitation.revoke": {
    allowed: ADMINS,
    foreign: { input: (a) => ({ id: a.invitationId, email: "pending@matrix.example" }) },
    why: "the link stops working",
  },
  "invitation.lookup": {
    allowed: ANYONE,
    why: "the accept page, before signing up; only the e-mailed token finds anything",
  },
  "invitation.accept": {
    allowed: SIGNED_IN,
    why: "the token's holder, signed in with the invited address",
  },

  // account (issue 10)
  "user.changeEmail": {
    allowed: SIGNED_IN,
    why: "the caller's own address; the change waits for the new address's confirmation",
  },
  "user.confirmEmail": {
    allowed: ANYONE,
    why: "the link from the new address's mailbox; the token is the proof",
  },
  "user.requestPasswordChange": {
    allowed: SIGNED_IN,
    why: "a reset link to the caller's own address",
  },
  "user.remove": {
    allowed: SIGNED_IN,
    why: "the caller's own account only (another user id is FORBIDDEN)",
  },

  // team (issue 10)
  "team.updateRole": {
    allowed: ADMINS,
    foreign: { input: (a) => ({ userId: a.memberId, role: "admin" }) },
    why: "roles decide who governs; the last admin is never demoted",
  },
  "team.remove": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ userId: a.memberId }) },
    why: "admins remove anyone, members only themselves (leave); the last admin stays",
  },

  // domains
  "domain.list": { allowed: MEMBERS, why: "daily work" },
  "domain.byId": { allowed: MEMBERS, foreign: byId((a) => a.domain.id), why: "daily work" },
  "domain.create": { allowed: MEMBERS, why: "setting up a site is daily work" },
  "domain.update": {
    allowed: MEMBERS,
    foreign: { input: (a) => a.domain },
    why: "colours, fonts, host",
  },
  "domain.tracking": {
    allowed: MEMBERS,
    foreign: byId((a) => a.domain.id),
    why: "the domain's settings screen",
  },
  "domain.updateTracking": {
    allowed: ADMINS,
    foreign: {
      input: (a) => ({
        domainId: a.domain.id,
        consentSource: "auto",
        consentDefault: "denied",
        datalayerPurchases: false,
      }),
    },
    why: "what is stored about shoppers is the organization's legal choice",
  },
  "domain.remove": {
    allowed: ADMINS,
    foreign: byId((a) => a.domain.id),
    why: "deletes every floow of the site at once",
  },

  // floows
  "floow.list": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ domainId: a.domain.id }), expect: "none of A" },
    why: "daily work",
  },
  "floow.byId": { allowed: MEMBERS, foreign: byId((a) => a.floow.id), why: "daily work" },
  "floow.create": { allowed: MEMBERS, why: "daily work" },
  "floow.update": {
    allowed: MEMBERS,
    foreign: { input: (a) => a.floow },
    why: "the editor's autosave, publish, archive, restore",
  },
  "floow.duplicate": { allowed: MEMBERS, foreign: byId((a) => a.floow.id), why: "daily work" },
  "floow.previewResults": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ id: a.floow.id, choiceIds: [] }) },
    why: "the editor's results preview",
  },
  "floow.publish": {
    allowed: MEMBERS,
    foreign: byId((a) => a.floow.id),
    why: "publishing is what the editor is for",
  },
  "floow.publishCheck": {
    allowed: MEMBERS,
    foreign: byId((a) => a.floow.id),
    why: "the check before publishing, for whoever may publish",
  },
  "floow.versions": {
    allowed: MEMBERS,
    foreign: byId((a) => a.floow.id),
    why: "the launch phase's history of published versions",
  },
  "floow.rollback": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ id: a.floow.id, number: 1 }) },
    why: "undoing a publish is part of publishing, behind a confirmation",
  },
  "floow.restoreVersion": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ id: a.floow.id, number: 1 }) },
    why: "a save of the draft, like any editor save",
  },

  // experiments (issue 23): like publishing, every member's
  "experiment.list": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ floowId: a.floow.id }) },
    why: "the floow's experiments page",
  },
  "experiment.byId": {
    allowed: MEMBERS,
    foreign: byId((a) => a.experimentId),
    why: "the experiment page",
  },
  "experiment.create": {
    allowed: MEMBERS,
    foreign: {
      input: (a) => ({
        floowId: a.floow.id,
        variants: [
          { version: 1, share: 50 },
          { version: 2, share: 50 },
        ],
      }),
    },
    why: "testing published versions is part of publishing",
  },
  "experiment.update": {
    allowed: MEMBERS,
    foreign: {
      input: (a) => ({
        id: a.experimentId,
        variants: [
          { version: 1, share: 50 },
          { version: 2, share: 50 },
        ],
      }),
    },
    why: "a draft experiment's setup",
  },
  "experiment.start": {
    allowed: MEMBERS,
    foreign: byId((a) => a.experimentId),
    why: "decides which version shoppers get, like publishing and rollback",
  },
  "experiment.pause": {
    allowed: MEMBERS,
    foreign: byId((a) => a.experimentId),
    why: "the live version is shown again, like a rollback",
  },
  "experiment.stop": {
    allowed: MEMBERS,
    foreign: byId((a) => a.experimentId),
    why: "the live version is shown again, for good",
  },
  "experiment.promote": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ id: a.experimentId, variantId: "any" }) },
    why: "makes a variant's version live: the floow's rollback, behind a confirmation",
  },
  "experiment.results": {
    allowed: MEMBERS,
    foreign: byId((a) => a.experimentId),
    why: "read only: the experiment's figures",
  },
  "experiment.remove": {
    allowed: MEMBERS,
    foreign: byId((a) => a.experimentId),
    why: "deletes a draft that never ran",
  },
  "floow.archive": {
    allowed: MEMBERS,
    foreign: byId((a) => a.floow.id),
    why: "the status can always be changed back",
  },
  "floow.restore": {
    allowed: MEMBERS,
    foreign: byId((a) => a.floow.id),
    why: "the status can always be changed back",
  },
  "floow.remove": {
    allowed: MEMBERS,
    foreign: byId((a) => a.floow.id),
    why: "one floow, behind a confirmation",
  },

  // the selling brain (issue 12)
  "insight.matchCounts": {
    allowed: MEMBERS,
    foreign: byId((a) => a.floow.id),
    why: "the editor's live match counts",
  },
  "insight.deadEnds": {
    allowed: MEMBERS,
    foreign: byId((a) => a.floow.id),
    why: "the editor's dead-end list",
  },
  "insight.deadEndCounts": {
    allowed: MEMBERS,
    foreign: { input: () => undefined, expect: "none of A" },
    why: "the floows list's dead-end counts",
  },
  "ai.config": { allowed: MEMBERS, why: "the AI Suggestion dialog says who answers" },
  "ai.suggest": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ id: a.floow.id, name: "", content: "bikes" }) },
    why: "editors add suggested questions to their floows",
  },

  // feeds and products
  "feed.list": { allowed: MEMBERS, why: "reading the catalogue" },
  "feed.preview": {
    allowed: MEMBERS,
    why: "reads the first products of an address (no stored ids)",
  },
  "feed.upsert": {
    allowed: MEMBERS,
    foreign: {
      input: (a) => ({
        id: a.feedId,
        domainId: a.domain.id,
        url: "https://feeds.example/other.xml",
        name: "Taken",
      }),
    },
    why: "adding a catalogue is daily work; a foreign id is NOT_FOUND, never CONFLICT",
  },
  "feed.refresh": {
    allowed: MEMBERS,
    foreign: byId((a) => a.feedId),
    why: "fetching a feed again",
  },
  "feed.remove": {
    allowed: ADMINS,
    foreign: byId((a) => a.feedId),
    why: "floows using it lose their results at once",
  },
  "product.list": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ feedId: a.feedId }) },
    why: "reading the catalogue",
  },

  // events
  "event.recent": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ floowId: a.floow.id }), expect: "none of A" },
    why: "the /inspect screen, read only",
  },
  "event.live": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ floowId: a.floow.id }), expect: "none of A" },
    why: "the /inspect screen's live view (a long poll), read only",
  },

  // Rows below were added by the matrix's author (issue 10) from the routers as they stood at
  // 21:45 UTC, before their owners committed them: owners, correct them where they are wrong.

  // webhooks and integrations (issue 11)
  "webhook.list": { allowed: MEMBERS, why: "members see where events go" },
  "webhook.create": {
    allowed: ADMINS,
    foreign: {
      input: (a) => ({
        id: "wh-foreign",
        domainId: a.domain.id,
        floowId: a.floow.id,
        name: "Theirs",
        url: "https://hooks.example/x",
      }),
    },
    why: "sends the organization's data to a third party",
  },
  "webhook.update": {
    allowed: ADMINS,
    foreign: {
      input: (a) => ({
        id: "wh-foreign",
        domainId: a.domain.id,
        name: "Theirs",
        url: "https://hooks.example/x",
      }),
    },
    why: "sends the organization's data to a third party",
  },
  "webhook.remove": { allowed: ADMINS, why: "stops deliveries others rely on" },
  "webhook.rotateSecret": { allowed: ADMINS, why: "the receiver must be updated at once" },
  "webhook.deliveries": { allowed: MEMBERS, why: "read only: the delivery log" },
  "webhook.sendTest": { allowed: ADMINS, why: "sends to the receiver" },
  "webhook.replay": { allowed: ADMINS, why: "sends to the receiver again" },
  "integration.list": { allowed: MEMBERS, why: "members see which tools are connected" },
  "integration.create": {
    allowed: ADMINS,
    foreign: { input: (a) => ({ domainId: a.domain.id, privateKey: "pk_foreign123456" }) },
    why: "stores a third party's API key",
  },
  "integration.remove": { allowed: ADMINS, why: "disconnects a tool others rely on" },

  // analytics (issue 14)
  "analytics.overview": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ from: "2026-11-01", to: "2026-11-30", domainId: a.domain.id }) },
    why: "read only; another organization's domain as a filter is NOT_FOUND",
  },
  "analytics.floow": {
    allowed: MEMBERS,
    foreign: { input: (a) => ({ id: a.floow.id, from: "2026-11-01", to: "2026-11-30" }) },
    why: "read only",
  },
  "analytics.settings": { allowed: MEMBERS, why: "read only" },
  "analytics.updateSettings": {
    allowed: ADMINS,
    why: "how long shoppers' data is kept is a policy decision",
  },
  "analytics.eraseShopper": { allowed: ADMINS, why: "a data-subject request erases data for good" },

  // API keys (issue 23; another organization's key id is NOT_FOUND in routers/api-key.test.ts)
  "apiKey.list": {
    allowed: ADMINS,
    why: "a key reads and writes the organization's data from outside",
  },
  "apiKey.create": {
    allowed: ADMINS,
    why: "a key reads and writes the organization's data from outside",
  },
  "apiKey.revoke": { allowed: ADMINS, why: "stops an integration others rely on" },
};
