import { fieldErrorsFrom } from "@floow/domain/errors";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";
import { slugify } from "./organization";

describe.each(testDbKinds)("organization router (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(() => server.close());

  it("create makes the creator admin and the organization active", async () => {
    const ann = await createUser(server.app, "Ann");
    const created = await callerFor(server.app, ann).organization.create({
      name: "Acme",
      displayName: "Acme B.V.",
    });
    expect(created).toEqual({ id: expect.any(String), name: "Acme", display_name: "Acme B.V." });

    const member = await server.app.database.db
      .selectFrom("member")
      .select(["role", "user_id"])
      .where("organization_id", "=", created.id)
      .execute();
    expect(member).toEqual([{ role: "admin", user_id: ann.id }]);

    const session = await server.app.database.db
      .selectFrom("session")
      .select("active_organization_id")
      .where("id", "=", ann.session.session.id)
      .executeTakeFirstOrThrow();
    expect(session.active_organization_id).toBe(created.id);

    const bundle = await callerFor(server.app, ann).user.get();
    expect(bundle.roles).toEqual(["admin"]);
    expect(bundle.organization).toMatchObject({
      id: created.id,
      name: "Acme",
      display_name: "Acme B.V.",
    });
  });

  it("gives organizations with the same name different slugs", async () => {
    const a = await createUser(server.app);
    const b = await createUser(server.app);
    const first = await createOrganization(server.app, a, "Same Name");
    const second = await createOrganization(server.app, b, "Same Name");
    const slugs = await server.app.database.db
      .selectFrom("organization")
      .select("slug")
      .where("id", "in", [first.id, second.id])
      .execute();
    expect(new Set(slugs.map((s) => s.slug)).size).toBe(2);
  });

  it("create is UNAUTHORIZED without a session and validates its input", async () => {
    await expect(callerFor(server.app).organization.create({ name: "X" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const ann = await createUser(server.app);
    await expect(
      callerFor(server.app, ann).organization.create({ name: "  " }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("reports validation errors per field in the HTTP error's data", async () => {
    const signUp = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      payload: { email: "fields@example.com", password: "correct horse battery", name: "Fields" },
    });
    const cookie = signUp.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const response = await server.app.inject({
      method: "POST",
      url: "/trpc/organization.create",
      headers: { cookie, "content-type": "application/json", origin: "http://localhost:3000" },
      payload: { name: "" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: "Please enter an organization name.",
      data: {
        code: "VALIDATION",
        trpcCode: "BAD_REQUEST",
        fieldErrors: [{ path: ["name"], message: "Please enter an organization name." }],
      },
    });
  });

  it("update saves the active organization's settings form (admin)", async () => {
    const admin = await createUser(server.app);
    const org = await createOrganization(server.app, admin, "Before");
    const updated = await callerFor(server.app, admin).organization.update({
      name: "After",
      display_name: "After Inc.",
      email: "hello@after.example",
      branding: { logo_url: "https://cdn.example/logo.png" },
      sector: 9,
      attribution_window_days: 14,
    });
    expect(updated).toEqual({
      id: org.id,
      name: "After",
      display_name: "After Inc.",
      email: "hello@after.example",
      branding: { logo_url: "https://cdn.example/logo.png" },
      sector: 9,
      attribution_window_days: 14,
    });
    const cleared = await callerFor(server.app, admin).organization.update({
      name: "After",
      email: "",
    });
    expect(cleared).toEqual({
      id: org.id,
      name: "After",
      display_name: "",
      email: "",
      branding: { logo_url: null },
      sector: null,
      // Left out of the update: kept.
      attribution_window_days: 14,
    });
    expect((await callerFor(server.app, admin).user.get()).organization).toEqual(cleared);
  });

  it("update is FORBIDDEN for a member and for a user without organization", async () => {
    const admin = await createUser(server.app);
    const org = await createOrganization(server.app, admin, "Guarded");
    const member = await createUser(server.app);
    await addMember(server.app, org.id, member, "member");
    await expect(
      callerFor(server.app, member).organization.update({ name: "Hijack" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const loner = await createUser(server.app);
    await expect(
      callerFor(server.app, loner).organization.update({ name: "Nothing" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("update rejects an attribution window outside 1..30 days, naming the field", async () => {
    const admin = await createUser(server.app);
    await createOrganization(server.app, admin, "Windows");
    for (const days of [0, 31, 2.5]) {
      await expect(
        callerFor(server.app, admin).organization.update({
          name: "Windows",
          attribution_window_days: days,
        }),
      ).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining("1 to 30"),
      });
    }
  });

  it("update rejects a sector outside 1..40", async () => {
    const admin = await createUser(server.app);
    await createOrganization(server.app, admin, "Sectors");
    await expect(
      callerFor(server.app, admin).organization.update({ name: "Sectors", sector: 41 }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("update takes a logo only as an http(s) URL or Floow's own /blobs/ upload; a refused update keeps what was saved", async () => {
    const admin = await createUser(server.app, "Logo Admin");
    const org = await createOrganization(server.app, admin, "Logo Co");
    const as = callerFor(server.app, admin);
    const saved = {
      name: "Logo Co",
      display_name: "Logo B.V.",
      email: "hi@logo.example",
      sector: 3,
    };
    await as.organization.update({
      ...saved,
      branding: { logo_url: "https://cdn.logo.example/logo.png" },
    });
    const stored = () =>
      server.app.database.db
        .selectFrom("organization")
        .select(["name", "display_name", "email", "logo", "sector"])
        .where("id", "=", org.id)
        .executeTakeFirstOrThrow();
    const before = await stored();
    expect(before.logo).toBe("https://cdn.logo.example/logo.png");

    for (const logo of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "//evil.example/x.png",
      "/blobs/../../etc/passwd",
      "ftp://files.example/logo.png",
    ]) {
      const error = await as.organization
        .update({ ...saved, name: "Changed", branding: { logo_url: logo } })
        .catch((e: unknown) => e);
      expect(error, logo).toMatchObject({ code: "BAD_REQUEST" });
      expect(fieldErrorsFrom((error as { cause?: unknown }).cause), logo).toEqual([
        {
          path: ["branding", "logo_url"],
          message: "The logo should be an uploaded image or a web address (https://…).",
        },
      ]);
    }
    // One over the name's limit: refused at the field, nothing saved changes.
    const long = await as.organization
      .update({ ...saved, name: "n".repeat(TEXT_LIMITS.name + 1) })
      .catch((e: unknown) => e);
    expect(fieldErrorsFrom((long as { cause?: unknown }).cause).map((e) => e.path)).toEqual([
      ["name"],
    ]);
    expect(await stored()).toEqual(before);

    await as.organization.update({
      ...saved,
      branding: { logo_url: "/blobs/0b7c6f4e-3a1d-4c2e-9f10-2b3c4d5e6f70" },
    });
    expect((await stored()).logo).toBe("/blobs/0b7c6f4e-3a1d-4c2e-9f10-2b3c4d5e6f70");
    await as.organization.update({ ...saved, branding: { logo_url: null } });
    expect((await stored()).logo).toBeNull();
  });
});

describe("slugify", () => {
  it.each([
    ["Acme B.V.", "acme-b-v"],
    ["Café Müller", "cafe-muller"],
    ["  --  ", "organization"],
  ])("%s -> %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
