import { fieldErrorsFrom } from "@floow/domain/errors";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import { seedDomain, seedFeed, seedFloow } from "../../test/floows";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";

describe.each(testDbKinds)("user.get (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(() => server.close());

  it("is UNAUTHORIZED without a session", async () => {
    await expect(callerFor(server.app).user.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const response = await server.app.inject({ method: "GET", url: "/trpc/user.get" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.data.code).toBe("UNAUTHORIZED");
  });

  it("returns the user with empty lists before any organization exists", async () => {
    const ann = await createUser(server.app, "Ann Example");
    const bundle = await callerFor(server.app, ann).user.get();
    expect(bundle).toEqual({
      user: { user_id: ann.id, name: "Ann Example", email: ann.email, title: "", picture: null },
      roles: [],
      organization: null,
      users: [],
      invitations: [],
      domains: [],
      floows: [],
      feeds: [],
      integrations: [],
      webhooks: [],
    });
  });

  it("returns the active organization's bundle, with the caller's role", async () => {
    const admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Bundle Co");
    const member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    await server.app.auth.api.createInvitation({
      body: { organizationId: org.id, email: "invitee@example.com", role: "member" },
      headers: await sessionHeaders(server, admin.email),
    });

    const asMember = await callerFor(server.app, member).user.get();
    expect(asMember.roles).toEqual(["member"]);
    expect(asMember.organization).toEqual({
      id: org.id,
      name: "Bundle Co",
      display_name: "",
      email: "",
      branding: { logo_url: null },
      sector: null,
      attribution_window_days: 7,
    });
    expect(asMember.users).toEqual([
      { user_id: admin.id, email: admin.email, name: "Ada Admin", role: "admin", picture: null },
      {
        user_id: member.id,
        email: member.email,
        name: "Max Member",
        role: "member",
        picture: null,
      },
    ]);
    // Members see who is invited, without the id (admins manage invitations by id; docs/permissions.md).
    expect(asMember.invitations).toEqual([
      { email: "invitee@example.com", role: "member", name: "", expires_at: expect.any(String) },
    ]);

    const asAdmin = await callerFor(server.app, admin).user.get();
    expect(asAdmin.roles).toEqual(["admin"]);
    expect(asAdmin.invitations).toEqual([
      {
        id: expect.any(String),
        email: "invitee@example.com",
        role: "member",
        name: "",
        expires_at: expect.any(String),
      },
    ]);
  });

  it("makes the first organization active when the session has none", async () => {
    const admin = await createUser(server.app);
    const org = await createOrganization(server.app, admin, "First");
    const member = await createUser(server.app);
    await addMember(server.app, org.id, member, "member");
    expect(member.session.session.activeOrganizationId).toBeNull();

    const bundle = await callerFor(server.app, member).user.get();
    expect(bundle.organization?.id).toBe(org.id);
    const session = await server.app.database.db
      .selectFrom("session")
      .select("active_organization_id")
      .where("id", "=", member.session.session.id)
      .executeTakeFirstOrThrow();
    expect(session.active_organization_id).toBe(org.id);
  });

  it("a member of organization A asking `user` sees nothing of organization B", async () => {
    const adminA = await createUser(server.app, "Admin A");
    const orgA = await createOrganization(server.app, adminA, "Org A");
    const memberA = await createUser(server.app, "Member A");
    await addMember(server.app, orgA.id, memberA, "member");

    const adminB = await createUser(server.app, "Admin B");
    const orgB = await createOrganization(server.app, adminB, "Org B");
    const memberB = await createUser(server.app, "Member B");
    await addMember(server.app, orgB.id, memberB, "member");
    await callerFor(server.app, adminB).organization.update({
      name: "Org B",
      email: "secret@org-b.example",
      sector: 12,
    });

    // Each organization has a domain, a floow, a feed and an invitation of its own.
    const db = server.app.database.db;
    const domainA = await seedDomain(db, orgA.id, { name: "Shop A" });
    const floowA = await seedFloow(db, orgA.id, domainA.id, "selling", { name: "Floow A" });
    const feedA = await seedFeed(db, orgA.id);
    const domainB = await seedDomain(db, orgB.id, { name: "Shop B", host: "www.shop-b.example" });
    const floowB = await seedFloow(db, orgB.id, domainB.id, "selling", { name: "Floow B" });
    const feedB = await seedFeed(db, orgB.id);
    for (const [org, domain, tag] of [
      [orgA.id, domainA.id, "a"],
      [orgB.id, domainB.id, "b"],
    ] as const) {
      await db
        .insertInto("webhook")
        .values({
          id: `hook-${tag}`,
          organization_id: org,
          domain_id: domain,
          floow_id: null,
          name: `Hook ${tag.toUpperCase()}`,
          url: `https://hooks.example/${tag}`,
          secret: `secret-${tag}`,
          headers: "{}",
          events: '["finish"]',
        })
        .execute();
      await db
        .insertInto("integration")
        .values({
          id: `integration-${tag}`,
          organization_id: org,
          domain_id: domain,
          integration_configuration_id: "crm",
          settings: JSON.stringify({ apiKey: `key-${tag}` }),
        })
        .execute();
    }
    await server.app.auth.api.createInvitation({
      body: { organizationId: orgB.id, email: "invitee-b@example.com", role: "member" },
      headers: await sessionHeaders(server, adminB.email),
    });

    // Even a session pointing at B (e.g. a forged or stale active organization) shows only A.
    memberA.session.session.activeOrganizationId = orgB.id;
    const bundle = await callerFor(server.app, memberA).user.get();

    expect(bundle.organization?.id).toBe(orgA.id);
    const text = JSON.stringify(bundle);
    const leaks = [
      orgB.id,
      "Org B",
      "Admin B",
      "Member B",
      adminB.email,
      memberB.email,
      adminB.id,
      "secret@org-b.example",
    ];
    leaks.push(
      domainB.id,
      "Shop B",
      "www.shop-b.example",
      floowB.id,
      "Floow B",
      feedB,
      "invitee-b@example.com",
      "hook-b",
      "Hook B",
      "integration-b",
      "key-b",
    );
    for (const leak of leaks) {
      expect(text).not.toContain(leak);
    }
    expect(bundle.users.map((u) => u.user_id).sort()).toEqual([adminA.id, memberA.id].sort());
    // A's own records are there: the lists are filtered, not empty.
    expect(bundle.domains.map((d) => d.id)).toEqual([domainA.id]);
    expect(bundle.floows.map((f) => f.id)).toEqual([floowA.id]);
    expect(bundle.feeds.map((f) => f.id)).toEqual([feedA]);
    expect(bundle.invitations).toEqual([]);
    expect(bundle.webhooks).toEqual([
      expect.objectContaining({
        id: "hook-a",
        domainId: domainA.id,
        url: "https://hooks.example/a",
        method: "POST",
        status: "active",
        events: ["finish"],
      }),
    ]);
    expect(bundle.integrations).toEqual([
      {
        id: "integration-a",
        domainId: domainA.id,
        integrationConfigurationId: "crm",
        settings: {},
      },
    ]);
    // Secrets stay on the server: the bundle reaches every member's browser.
    expect(text).not.toContain("secret-a");
    expect(text).not.toContain("key-a");
  });

  it("update saves the caller's own name, title and picture, and refuses a bad one naming the field", async () => {
    const ann = await createUser(server.app, "Ann Example");
    const other = await createUser(server.app, "Other Person");
    const saved = await callerFor(server.app, ann).user.update({
      name: " Ann Jansen ",
      title: "CMO",
      picture: "https://app.floow.example/blobs/b1",
    });
    expect(saved).toEqual({
      user_id: ann.id,
      name: "Ann Jansen",
      email: ann.email,
      title: "CMO",
      picture: "https://app.floow.example/blobs/b1",
    });
    expect((await callerFor(server.app, ann).user.get()).user).toEqual(saved);

    const error = await callerFor(server.app, ann)
      .user.update({ name: "", title: "", picture: "javascript:alert(1)" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    expect(JSON.stringify(error)).toContain("picture");
    expect((await callerFor(server.app, ann).user.get()).user).toEqual(saved);
    // One over a limit (name 100, title 200): refused at the field, nothing saved is lost.
    for (const [field, update] of [
      ["name", { name: "n".repeat(TEXT_LIMITS.personName + 1), title: "CMO" }],
      ["title", { name: "Ann Jansen", title: "t".repeat(TEXT_LIMITS.personTitle + 1) }],
    ] as const) {
      const long = await callerFor(server.app, ann)
        .user.update(update)
        .catch((e: unknown) => e);
      expect(long).toMatchObject({ code: "BAD_REQUEST" });
      expect(fieldErrorsFrom((long as { cause?: unknown }).cause).map((e) => e.path)).toEqual([
        [field],
      ]);
    }
    expect((await callerFor(server.app, ann).user.get()).user).toEqual(saved);
    // Nobody else changed.
    expect((await callerFor(server.app, other).user.get()).user?.name).toBe("Other Person");
    await expect(callerFor(server.app).user.update({ name: "X", title: "" })).rejects.toMatchObject(
      { code: "UNAUTHORIZED" },
    );
  });

  it("throws a TRPCError (not a crash) for a session whose user is gone", async () => {
    const ghost = await createUser(server.app);
    await server.app.database.db.deleteFrom("user").where("id", "=", ghost.id).execute();
    const error = await callerFor(server.app, ghost)
      .user.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

/** Signs in through better-auth's server API and returns the cookie headers of that session. */
async function sessionHeaders(server: TestServer, email: string): Promise<Headers> {
  const { headers } = await server.app.auth.api.signInEmail({
    body: { email, password: "correct horse battery" },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}
