import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import { seedDomain, seedFloow } from "../../test/floows";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";
import { LAST_ADMIN_MESSAGE } from "./team";

describe.each(testDbKinds)("team (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(() => server.close());

  async function team() {
    const admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Team Co");
    const member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    return { admin, member, org };
  }

  it("admins change roles; the last admin is never demoted", async () => {
    const { admin, member } = await team();
    const asAdmin = callerFor(server.app, admin);
    await expect(
      asAdmin.team.updateRole({ userId: admin.id, role: "member" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: LAST_ADMIN_MESSAGE });
    await expect(
      callerFor(server.app, member).team.updateRole({ userId: member.id, role: "admin" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await asAdmin.team.updateRole({ userId: member.id, role: "admin" });
    expect((await callerFor(server.app, member).user.get()).roles).toEqual(["admin"]);
    // Two admins now: one may step down.
    await asAdmin.team.updateRole({ userId: admin.id, role: "member" });
    expect((await callerFor(server.app, admin).user.get()).roles).toEqual(["member"]);
    await expect(
      callerFor(server.app, member).team.updateRole({ userId: admin.id, role: "owner" as "admin" }),
    ).rejects.toThrow(/Please select a role/);
  });

  it("an admin removes a member, whose very next request is refused", async () => {
    const { admin, member, org } = await team();
    const domain = await seedDomain(server.app.database.db, org.id);
    await seedFloow(server.app.database.db, org.id, domain.id);
    const asMember = callerFor(server.app, member);
    expect(await asMember.floow.list()).toHaveLength(1);
    await callerFor(server.app, admin).team.remove({ userId: member.id });
    await expect(asMember.floow.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    const bundle = await asMember.user.get();
    expect(bundle).toMatchObject({ organization: null, roles: [], floows: [], users: [] });
    expect((await callerFor(server.app, admin).user.get()).users.map((u) => u.user_id)).toEqual([
      admin.id,
    ]);
  });

  it("a member may leave but not remove others; the last admin cannot be removed", async () => {
    const { admin, member } = await team();
    const other = await createUser(server.app, "Olga Other");
    const org = (await callerFor(server.app, admin).user.get()).organization!;
    await addMember(server.app, org.id, other, "member");
    await expect(
      callerFor(server.app, member).team.remove({ userId: other.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      callerFor(server.app, member).team.remove({ userId: admin.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      callerFor(server.app, admin).team.remove({ userId: admin.id }),
    ).rejects.toMatchObject({ message: LAST_ADMIN_MESSAGE });
    expect(await callerFor(server.app, member).team.remove({ userId: member.id })).toEqual({
      userId: member.id,
      left: true,
    });
    await expect(callerFor(server.app, member).domain.list()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("a user of another organization is NOT_FOUND", async () => {
    const a = await team();
    const b = await team();
    await expect(
      callerFor(server.app, a.admin).team.remove({ userId: b.member.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      callerFor(server.app, a.admin).team.updateRole({ userId: b.member.id, role: "admin" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await callerFor(server.app, b.admin).user.get()).users).toHaveLength(2);
  });

  it("over HTTP a removed member's session gets 403 on the next call", async () => {
    const { admin, member } = await team();
    const { headers } = await server.app.auth.api.signInEmail({
      body: { email: member.email, password: "correct horse battery" },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(
      (await server.app.inject({ method: "GET", url: "/trpc/domain.list", headers: { cookie } }))
        .statusCode,
    ).toBe(200);
    await callerFor(server.app, admin).team.remove({ userId: member.id });
    const refused = await server.app.inject({
      method: "GET",
      url: "/trpc/domain.list",
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(403);
    const write = await server.app.inject({
      method: "POST",
      url: "/trpc/domain.create",
      headers: { ...jsonWrite, cookie },
      payload: { name: "x", host: "x.example" },
    });
    expect(write.statusCode).toBe(403);
  });
});
