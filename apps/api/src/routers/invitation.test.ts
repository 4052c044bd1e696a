import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { linkIn, startTestSmtp } from "../../test/mail";
import type { TestSmtp } from "../../test/mail";
import { createTestServer, jsonWrite, TEST_ORIGIN } from "../../test/server";
import type { TestServer } from "../../test/server";

describe.each(testDbKinds)("invitations (%s)", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: TestUser;
  let member: TestUser;
  let orgId: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await createTestServer(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Floow <no-reply@floow.test>",
    });
    admin = await createUser(server.app, "Ada Admin");
    orgId = (await createOrganization(server.app, admin, "Invite Co")).id;
    member = await createUser(server.app, "Max Member");
    await addMember(server.app, orgId, member, "member");
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** Invites `email` as the admin and returns the link from the e-mail that arrived. */
  async function invite(email: string, role: "admin" | "member" = "member") {
    const before = smtp.to(email).length;
    const invitation = await callerFor(server.app, admin).invitation.create({
      email,
      role,
      name: "",
      title: "",
    });
    const mail = await smtp.next(email, before);
    return { invitation, mail, link: linkIn(mail, `${TEST_ORIGIN}/invitation?token=`) };
  }

  /** Signs up `email` (the invitee) and returns them as a test user. */
  async function signUp(email: string, name = "New Person"): Promise<TestUser> {
    const result = await server.app.auth.api.signUpEmail({
      body: { email, password: "correct horse battery", name },
    });
    const session = await server.app.database.db
      .selectFrom("session")
      .select(["id"])
      .where("token", "=", result.token ?? "")
      .executeTakeFirstOrThrow();
    return {
      id: result.user.id,
      email,
      name,
      session: {
        user: { id: result.user.id, name, email },
        session: { id: session.id, activeOrganizationId: null },
      },
    };
  }

  it("e-mails a branded English invitation with a text part and a PUBLIC_URL link carrying a secret token", async () => {
    const { invitation, mail, link } = await invite("Nina@Example.com");
    expect(mail.subject).toBe("Ada Admin invited you to Invite Co on Floow");
    expect(mail.from?.value[0]).toMatchObject({ name: "Floow", address: "no-reply@floow.test" });
    expect(mail.text).toContain("Ada Admin invited you to join Invite Co on Floow as a member.");
    expect(mail.html).toContain(link.toString().replace(/&/g, "&amp;"));
    const token = link.searchParams.get("token")!;
    expect(token).not.toBe(invitation.id);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(invitation.email).toBe("nina@example.com");
    // The database keeps only a hash of the token.
    const row = await server.app.database.db
      .selectFrom("invitation")
      .selectAll()
      .where("id", "=", invitation.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    // The link's page can tell the invitee where they are going.
    const facts = await callerFor(server.app).invitation.lookup({ token });
    expect(facts).toMatchObject({
      email: "nina@example.com",
      organizationName: "Invite Co",
      inviterName: "Ada Admin",
      role: "member",
      expired: false,
      userExists: false,
    });
  });

  it("shows members who is invited but never an id, and admins ids but never a token", async () => {
    const { invitation } = await invite("ids@example.com", "admin");
    const asMember = await callerFor(server.app, member).user.get();
    const forMember = asMember.invitations.find((i) => i.email === "ids@example.com");
    expect(forMember).toEqual({
      email: "ids@example.com",
      role: "admin",
      name: "",
      expires_at: expect.any(String),
    });
    const asAdmin = await callerFor(server.app, admin).user.get();
    expect(asAdmin.invitations.find((i) => i.email === "ids@example.com")).toEqual({
      id: invitation.id,
      email: "ids@example.com",
      role: "admin",
      name: "",
      expires_at: expect.any(String),
    });
    expect(JSON.stringify(asAdmin)).not.toMatch(/token/i);
  });

  it("lets only admins invite, resend and revoke, with Floow's roles only", async () => {
    const asMember = callerFor(server.app, member);
    await expect(
      asMember.invitation.create({ email: "x@example.com", role: "admin", name: "", title: "" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const { invitation } = await invite("managed@example.com");
    await expect(asMember.invitation.resend({ id: invitation.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      asMember.invitation.revoke({ id: invitation.id, email: "managed@example.com" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const asAdmin = callerFor(server.app, admin);
    await expect(
      asAdmin.invitation.create({
        email: "owner@example.com",
        role: "owner" as "admin",
        name: "",
        title: "",
      }),
    ).rejects.toThrow(/Please select a role/);
    await expect(
      asAdmin.invitation.create({ email: "not-an-email", role: "member", name: "", title: "" }),
    ).rejects.toThrow(/Must be a valid email address/);
    // Over HTTP the refusal is a 400 naming the field, with the spec's message.
    const cookie = (await sessionHeaders(admin.email)).get("cookie")!;
    const response = await server.app.inject({
      method: "POST",
      url: "/trpc/invitation.create",
      headers: { ...jsonWrite, cookie },
      payload: { email: "owner@example.com", role: "owner" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.data.fieldErrors).toEqual([
      { path: ["role"], message: "Please select a role" },
    ]);
    await expect(
      asAdmin.invitation.create({ email: member.email, role: "member", name: "", title: "" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This person is already in the team.",
    });
  });

  it("accepts only with the token, only for the invited address, once", async () => {
    const { invitation, link } = await invite("joiner@example.com", "admin");
    const token = link.searchParams.get("token")!;

    // The old hole: a member who knows the id (or guesses it) gets nothing with it.
    const squatter = await signUp("someone-else@example.com");
    await expect(
      callerFor(server.app, squatter).invitation.accept({ token: invitation.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The right token, the wrong account.
    await expect(
      callerFor(server.app, squatter).invitation.accept({ token }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "This invitation is for joiner@example.com. Sign in with that address to accept it.",
    });
    await expect(callerFor(server.app, member).invitation.accept({ token })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // Anonymous: sign in first.
    await expect(callerFor(server.app).invitation.accept({ token })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });

    const joiner = await signUp("Joiner@Example.com", "Jo Iner");
    const accepted = await callerFor(server.app, joiner).invitation.accept({ token });
    expect(accepted).toEqual({ organizationId: orgId, organizationName: "Invite Co" });
    const bundle = await callerFor(server.app, joiner).user.get();
    expect(bundle.organization?.id).toBe(orgId);
    expect(bundle.roles).toEqual(["admin"]);
    const user = await server.app.database.db
      .selectFrom("user")
      .select("email_verified")
      .where("id", "=", joiner.id)
      .executeTakeFirstOrThrow();
    expect(user.email_verified).toBe(true);

    // Once only.
    await expect(callerFor(server.app, joiner).invitation.accept({ token })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(callerFor(server.app).invitation.lookup({ token })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("refuses an expired link", async () => {
    const { invitation, link } = await invite("late@example.com");
    await server.app.database.db
      .updateTable("invitation")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", invitation.id)
      .execute();
    const token = link.searchParams.get("token")!;
    expect((await callerFor(server.app).invitation.lookup({ token })).expired).toBe(true);
    const late = await signUp("late@example.com");
    await expect(callerFor(server.app, late).invitation.accept({ token })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This invitation has expired. Ask an admin of the organization to send a new one.",
    });
  });

  it("resend replaces the link; revoke ends it; another organization's invitation is NOT_FOUND", async () => {
    const first = await invite("twice@example.com");
    const oldToken = first.link.searchParams.get("token")!;
    const before = smtp.to("twice@example.com").length;
    await callerFor(server.app, admin).invitation.resend({ id: first.invitation.id });
    const newToken = linkIn(
      await smtp.next("twice@example.com", before),
      `${TEST_ORIGIN}/invitation?token=`,
    ).searchParams.get("token")!;
    expect(newToken).not.toBe(oldToken);
    await expect(
      callerFor(server.app).invitation.lookup({ token: oldToken }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      callerFor(server.app).invitation.lookup({ token: newToken }),
    ).resolves.toMatchObject({ email: "twice@example.com" });

    const otherAdmin = await createUser(server.app, "Other Admin");
    await createOrganization(server.app, otherAdmin, "Other Co");
    const asOther = callerFor(server.app, otherAdmin);
    await expect(asOther.invitation.resend({ id: first.invitation.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      asOther.invitation.revoke({ id: first.invitation.id, email: "twice@example.com" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    await callerFor(server.app, admin).invitation.revoke({
      id: first.invitation.id,
      email: "twice@example.com",
    });
    await expect(
      callerFor(server.app).invitation.lookup({ token: newToken }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(
      (await callerFor(server.app, admin).user.get()).invitations.map((i) => i.email),
    ).not.toContain("twice@example.com");
  });

  it("refuses better-auth's organization endpoints over HTTP, signed in or not (the old accept-by-id path)", async () => {
    const invited = await server.app.auth.api.createInvitation({
      body: { organizationId: orgId, email: "byid@example.com", role: "admin" },
      headers: await sessionHeaders(admin.email),
    });
    await signUp("byid@example.com");
    const cookie = (await sessionHeaders("byid@example.com")).get("cookie")!;
    for (const [url, payload] of [
      ["/api/auth/organization/accept-invitation", { invitationId: invited.id }],
      [
        "/api/auth/organization/invite-member",
        { email: "x@example.com", role: "owner", organizationId: orgId },
      ],
      ["/api/auth/organization/delete", { organizationId: orgId }],
      ["/api/auth/organization/update", { data: { sector: 9999 }, organizationId: orgId }],
      ["/api/auth/organization/update-member-role", { memberId: "x", role: "owner" }],
      ["/api/auth/update-user", { image: "javascript:alert(1)" }],
      ["/api/auth/delete-user", {}],
      ["/api/auth/change-email", { newEmail: "x@example.com" }],
      ["/api/auth/Organization/Accept-Invitation/", { invitationId: invited.id }],
    ] as const) {
      const response = await server.app.inject({
        method: "POST",
        url,
        headers: { ...jsonWrite, cookie },
        payload,
      });
      expect(response.statusCode, url).toBe(404);
    }
    expect(
      (
        await server.app.inject({
          method: "GET",
          url: "/api/auth/organization/list",
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(404);
    const membership = await server.app.database.db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.user_id")
      .select("member.id")
      .where("user.email", "=", "byid@example.com")
      .executeTakeFirst();
    expect(membership).toBeUndefined();
    // What the dashboard uses still works.
    expect(
      (
        await server.app.inject({
          method: "GET",
          url: "/api/auth/get-session",
          headers: { cookie },
        })
      ).json()?.user?.email,
    ).toBe("byid@example.com");
  });

  async function sessionHeaders(email: string): Promise<Headers> {
    const { headers } = await server.app.auth.api.signInEmail({
      body: { email, password: "correct horse battery" },
      returnHeaders: true,
    });
    return new Headers({
      cookie: headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    });
  }
});
