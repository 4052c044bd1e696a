import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import { linkIn, startTestSmtp } from "../../test/mail";
import type { TestSmtp } from "../../test/mail";
import { seedDomain } from "../../test/floows";
import { createTestServer, jsonWrite, TEST_ORIGIN } from "../../test/server";
import type { TestServer } from "../../test/server";

/** Change Email, Change Password and Delete user (spec sections 2, 4, 5, 7, 8). */
describe.each(testDbKinds)("account (%s)", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await createTestServer(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  async function signedIn(email: string, password = "correct horse battery") {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: jsonWrite,
      payload: { email, password },
    });
    return {
      status: response.statusCode,
      cookie: [response.headers["set-cookie"]]
        .flat()
        .map((c) => String(c).split(";")[0])
        .join("; "),
    };
  }
  const sessionOf = async (cookie: string) =>
    (
      await server.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } })
    ).json() as { user: { email: string } } | null;

  it("Change Email: checks the old address, mails the new one, changes on confirmation and ends every session", async () => {
    const ann = await createUser(server.app, "Ann Change");
    const { cookie } = await signedIn(ann.email);
    const as = callerFor(server.app, ann);
    await expect(
      as.user.changeEmail({ oldEmail: "someone@else.example", newEmail: "ann.new@example.com" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Old email must match the current user email",
    });
    await expect(
      as.user.changeEmail({ oldEmail: ann.email, newEmail: "nope" }),
    ).rejects.toMatchObject({ message: "Must be a valid email address" });
    const before = smtp.to("ann.new@example.com").length;
    expect(
      await as.user.changeEmail({
        oldEmail: ann.email.toUpperCase(),
        newEmail: "Ann.New@example.com",
      }),
    ).toEqual({ email: "ann.new@example.com" });
    const mail = await smtp.next("ann.new@example.com", before);
    expect(mail.subject).toBe("Confirm your new Floow e-mail address");
    expect(mail.text).toContain(ann.email);
    // Nothing changed yet.
    expect((await sessionOf(cookie))?.user.email).toBe(ann.email);

    const link = linkIn(mail, `${TEST_ORIGIN}/confirm-email?token=`);
    const oldBefore = smtp.to(ann.email).length;
    expect(
      await callerFor(server.app).user.confirmEmail({ token: link.searchParams.get("token")! }),
    ).toEqual({ email: "ann.new@example.com" });
    expect(await sessionOf(cookie)).toBeNull();
    expect((await smtp.next(ann.email, oldBefore)).subject).toBe(
      "Your Floow e-mail address was changed",
    );
    expect((await signedIn("ann.new@example.com")).status).toBe(200);
    expect((await signedIn(ann.email)).status).toBe(401);
    // The link works once.
    await expect(
      callerFor(server.app).user.confirmEmail({ token: link.searchParams.get("token")! }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("Change Email to an address in use: the same answer as a free one, a notice to its owner, nothing changes on either account", async () => {
    const ann = await createUser(server.app, "Ann Prober");
    const owner = await createUser(server.app, "Owen Owner");
    const { cookie: annCookie } = await signedIn(ann.email);
    const { cookie: ownerCookie } = await signedIn(owner.email);
    const accounts = () =>
      server.app.database.db
        .selectFrom("user")
        .select(["id", "email", "email_verified", "updated_at"])
        .where("id", "in", [ann.id, owner.id])
        .orderBy("id")
        .execute();
    const before = await accounts();
    const pendingChanges = () =>
      server.app.database.db
        .selectFrom("verification")
        .select("value")
        .where("identifier", "like", "floow-email-change:%")
        .execute()
        .then((rows) => rows.filter((row) => row.value.includes(ann.id)).length);

    // Over HTTP, as the dashboard asks: a free address and a taken one answer alike.
    const ask = (newEmail: string) =>
      server.app.inject({
        method: "POST",
        url: "/trpc/user.changeEmail",
        headers: { ...jsonWrite, cookie: annCookie },
        payload: { oldEmail: ann.email, newEmail },
      });
    const free = await ask("ann.free@example.com");
    const ownerMails = smtp.to(owner.email).length;
    const taken = await ask(owner.email.toUpperCase());
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ result: { data: { email: owner.email } } });
    expect(Object.keys(taken.json().result.data)).toEqual(Object.keys(free.json().result.data));

    // The owner of the address learns of the attempt; the mail holds no link that confirms anything.
    const notice = await smtp.next(owner.email, ownerMails);
    expect(notice.subject).toBe("Someone tried to use your e-mail address on Floow");
    expect(notice.text).toContain(
      `The Floow account ${ann.email} asked to change its e-mail address to this address (${owner.email}).`,
    );
    expect(notice.text).toContain("nothing was changed");
    expect(notice.text).not.toContain("confirm-email");
    expect(notice.html || "").not.toContain("token=");

    // Nothing changed on either account: addresses, sessions; the free address's pending change is the only one.
    expect(await accounts()).toEqual(before);
    expect((await sessionOf(annCookie))?.user.email).toBe(ann.email);
    expect((await sessionOf(ownerCookie))?.user.email).toBe(owner.email);
    expect(await pendingChanges()).toBe(1);
    expect((await signedIn(owner.email)).status).toBe(200);
  });

  it("Change Password: mails a reset link to the user's own address; the new password works and every session ends", async () => {
    const bob = await createUser(server.app, "Bob Reset");
    const first = await signedIn(bob.email);
    const as = callerFor(server.app, bob);
    await expect(
      as.user.requestPasswordChange({ email: "other@example.com" }),
    ).rejects.toMatchObject({
      message: "Email should be correct and match the user email",
    });
    const before = smtp.to(bob.email).length;
    expect(await as.user.requestPasswordChange({ email: bob.email })).toEqual({ email: bob.email });
    const mail = await smtp.next(bob.email, before);
    expect(mail.subject).toBe("Change your Floow password");
    const token = linkIn(mail, `${TEST_ORIGIN}/reset-password?token=`).searchParams.get("token")!;

    const weak = await server.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: jsonWrite,
      payload: { token, newPassword: "password1" },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^This password is too easy to guess\./);
    const reset = await server.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: jsonWrite,
      payload: { token, newPassword: "violet-harbour-kettle-42" },
    });
    expect(reset.statusCode).toBe(200);
    expect(await sessionOf(first.cookie)).toBeNull();
    expect((await signedIn(bob.email)).status).toBe(401);
    expect((await signedIn(bob.email, "violet-harbour-kettle-42")).status).toBe(200);
    const again = await server.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: jsonWrite,
      payload: { token, newPassword: "another-harbour-kettle-43" },
    });
    expect(again.statusCode).toBe(400);
  });

  it("Forgot password on /login: a link for an account, the same answer without one", async () => {
    const cleo = await createUser(server.app, "Cleo Forgot");
    const ask = (email: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        remoteAddress: "192.0.2.44",
        headers: jsonWrite,
        payload: { email, redirectTo: "/reset-password" },
      });
    const before = smtp.to(cleo.email).length;
    const known = await ask(cleo.email);
    const unknown = await ask("nobody-here@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await smtp.next(cleo.email, before);
    expect(
      linkIn(mail, `${TEST_ORIGIN}/reset-password?token=`).searchParams.get("token"),
    ).toBeTruthy();
    expect(smtp.to("nobody-here@example.com")).toEqual([]);
  });

  it("Delete user: only oneself; the last admin of a team hands over first; alone, the organization goes too", async () => {
    const admin = await createUser(server.app, "Solo Admin");
    const org = await createOrganization(server.app, admin, "Solo Co");
    const member = await createUser(server.app, "Mia Member");
    await addMember(server.app, org.id, member, "member");
    await expect(
      callerFor(server.app, member).user.remove({ userId: admin.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      callerFor(server.app, admin).user.remove({ userId: admin.id }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        "You are the last admin of Solo Co. Make another teammember an admin first, then delete your account.",
    });
    // A member deletes their account: the organization stays.
    expect(await callerFor(server.app, member).user.remove({ userId: member.id })).toEqual({
      userId: member.id,
      organizationsDeleted: 0,
    });
    expect(
      await server.app.database.db
        .selectFrom("user")
        .select("id")
        .where("id", "=", member.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    // Alone now: the admin's account and the organization (with its domains) go.
    await seedDomain(server.app.database.db, org.id);
    expect(await callerFor(server.app, admin).user.remove({ userId: admin.id })).toEqual({
      userId: admin.id,
      organizationsDeleted: 1,
    });
    expect(
      await server.app.database.db
        .selectFrom("organization")
        .select("id")
        .where("id", "=", org.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await server.app.database.db
        .selectFrom("domain")
        .select("id")
        .where("organization_id", "=", org.id)
        .execute(),
    ).toEqual([]);
    await expect(callerFor(server.app, admin).user.get()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});
