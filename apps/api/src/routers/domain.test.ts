import { createColor } from "@floow/domain/domain";
import { fieldErrorsFrom } from "@floow/domain/errors";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";

const invalidHost =
  "Please enter a valid domain host in the format https://www.example.com, www.example.com or example.com";

describe.each(testDbKinds)("domain router (%s)", (kind) => {
  let server: TestServer;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  const as = (user: TestUser) => callerFor(server.app, user).domain;

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await createUser(server.app, "Ada Admin");
    const org = await createOrganization(server.app, admin, "Acme");
    member = await createUser(server.app, "Max Member");
    await addMember(server.app, org.id, member, "member");
    outsider = await createUser(server.app, "Olga Other");
    await createOrganization(server.app, outsider, "Other Co");
  });
  afterAll(() => server.close());

  it("create saves the client's id, prepends www. and gives a new domain its colours and fonts", async () => {
    const id = randomUUID();
    const created = await as(member).create({ id, name: " Shop ", host: "shop.example" });
    expect(created).toMatchObject({
      id,
      name: "Shop",
      host: "www.shop.example",
      description: "",
      image: null,
      blobUrl: null,
    });
    expect(created.colors.map((c) => [c.name, c.hex, c.favorite])).toEqual([
      ["Dark Grey", "333333", true],
      ["White", "FFFFFF", true],
    ]);
    expect(created.fonts.map((f) => f.name)).toEqual(["Bai Jamjuree", "Poppins"]);
    expect(await as(admin).byId({ id })).toEqual(created);
    expect((await as(admin).list()).map((d) => d.id)).toContain(id);
    // An explicit list wins, and https:// hosts stay as typed.
    const colors = [createColor({ name: "Brand", hex: "FF0000" })];
    const other = await as(admin).create({
      id: randomUUID(),
      name: "B",
      host: "https://b.example",
      colors,
      fonts: [],
    });
    expect(other).toMatchObject({ host: "https://b.example", colors, fonts: [] });
  });

  it("create names the failing fields with the spec's messages", async () => {
    const error = await as(member)
      .create({ id: randomUUID(), name: "", host: "nope" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    expect(fieldErrorsFrom((error as Error).cause)).toEqual([
      { path: ["name"], message: "Please enter a domain name." },
      { path: ["host"], message: invalidHost },
    ]);
    const missing = await as(member)
      .create({ id: randomUUID(), name: "X", host: "" })
      .catch((e: unknown) => e);
    expect(fieldErrorsFrom((missing as Error).cause)).toEqual([
      { path: ["host"], message: "Please enter a domain host." },
    ]);
  });

  it("create and update accept a host with a port as typed, and refuse junk with one at the field", async () => {
    const local = await as(member).create({
      id: randomUUID(),
      name: "Dev",
      host: "localhost:3401",
    });
    expect(local.host).toBe("localhost:3401");
    const staging = await as(member).update({ ...local, host: "staging.shop.nl:8443" });
    expect(staging.host).toBe("staging.shop.nl:8443");
    for (const host of ["shop.nl:", "shop.nl:65536", "localhost", "shop:8443"]) {
      const error = await as(member)
        .create({ id: randomUUID(), name: "X", host })
        .catch((e: unknown) => e);
      expect(error, host).toMatchObject({ code: "BAD_REQUEST" });
      expect(fieldErrorsFrom((error as Error).cause)).toEqual([
        { path: ["host"], message: invalidHost },
      ]);
    }
  });

  it("create with an id in use gets a fresh id, the same answer whoever holds it (nothing reveals the id exists)", async () => {
    const id = randomUUID();
    await as(outsider).create({ id, name: "Theirs", host: "theirs.example" });
    const mine = await as(member).create({ id, name: "Mine", host: "mine.example" });
    expect(mine).toMatchObject({ name: "Mine", host: "www.mine.example" });
    expect(mine.id).not.toBe(id);
    expect((await as(admin).byId({ id: mine.id })).name).toBe("Mine");
    expect((await as(outsider).byId({ id })).name).toBe("Theirs");
    await expect(as(member).byId({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // An id of the organization's own is treated alike: a new domain, the first one untouched.
    const again = await as(member).create({ id: mine.id, name: "Again", host: "again.example" });
    expect(again.id).not.toBe(mine.id);
    expect((await as(admin).byId({ id: mine.id })).name).toBe("Mine");
  });

  it("update saves the whole domain with the same rules", async () => {
    const created = await as(admin).create({ id: randomUUID(), name: "Old", host: "old.example" });
    const fonts = [...created.fonts.slice(0, 1)];
    const updated = await as(member).update({
      ...created,
      name: "New",
      host: "new.example",
      fonts,
      blobUrl: "/blobs/x",
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: "New",
      host: "www.new.example",
      fonts,
      blobUrl: "/blobs/x",
    });
    expect(await as(admin).byId({ id: created.id })).toEqual(updated);
    const error = await as(member)
      .update({ ...created, name: " " })
      .catch((e: unknown) => e);
    expect(fieldErrorsFrom((error as Error).cause)).toEqual([
      { path: ["name"], message: "Please enter a domain name." },
    ]);
  });

  it("update refuses a bad font URL or colour hex at the field, keeping what was saved", async () => {
    const created = await as(admin).create({
      id: randomUUID(),
      name: "Fonts",
      host: "fonts.example",
    });
    const cases: [Partial<typeof created>, (string | number)[], string][] = [
      [
        { fonts: [{ ...created.fonts[0]!, url: "not a url" }] },
        ["fonts", 0, "url"],
        "Please enter a valid font URL.",
      ],
      [
        { fonts: [{ ...created.fonts[0]!, url: "javascript:alert(1)" }] },
        ["fonts", 0, "url"],
        "Please enter a valid font URL.",
      ],
      [
        { fonts: [{ ...created.fonts[0]!, url: "" }] },
        ["fonts", 0, "url"],
        "Please enter a font URL.",
      ],
      [
        { fonts: [{ ...created.fonts[0]!, name: " " }] },
        ["fonts", 0, "name"],
        "Please enter a font name.",
      ],
      [
        { colors: [{ ...created.colors[0]!, hex: "GGGGGG" }] },
        ["colors", 0, "hex"],
        "Hexcode should be valid",
      ],
      [
        { colors: [created.colors[0]!, { ...created.colors[1]!, hex: "1234567" }] },
        ["colors", 1, "hex"],
        "Hex code can be a maximum of 6 characters.",
      ],
    ];
    for (const [changes, path, message] of cases) {
      const error = await as(member)
        .update({ ...created, ...changes })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      expect(fieldErrorsFrom((error as Error).cause)).toEqual([{ path, message }]);
    }
    expect(await as(admin).byId({ id: created.id })).toEqual(created);
    const url = "https://fonts.googleapis.com/css2?family=Inter";
    const saved = await as(member).update({ ...created, fonts: [{ ...created.fonts[0]!, url }] });
    expect(saved.fonts[0]?.url).toBe(url);
  });

  it("byId, remove and update refuse a malformed id with BAD_REQUEST at id", async () => {
    const created = await as(admin).create({
      id: randomUUID(),
      name: "Kept",
      host: "kept.example",
    });
    for (const call of [
      () => as(admin).byId({ id: "" }),
      () => as(admin).remove({ id: "" }),
      () => as(admin).remove({ id: 42 as unknown as string }),
      () => as(admin).update({ ...created, id: "" }),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      expect(fieldErrorsFrom((error as Error).cause).map((e) => e.path)).toEqual([["id"]]);
    }
    expect(await as(admin).byId({ id: created.id })).toEqual(created);
  });

  it("remove is for admins: a member gets FORBIDDEN, an admin deletes the domain and its floows", async () => {
    const created = await as(admin).create({
      id: randomUUID(),
      name: "Gone",
      host: "gone.example",
    });
    const floow = await callerFor(server.app, member).floow.create({
      domainId: created.id,
      type: "selling",
      name: "F",
    });
    await expect(as(member).remove({ id: created.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await as(admin).remove({ id: created.id })).toEqual({ id: created.id });
    await expect(as(admin).byId({ id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(server.app, admin).floow.byId({ id: floow.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(as(admin).remove({ id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("another organization gets NOT_FOUND for byId, update and remove, and does not list it", async () => {
    const created = await as(admin).create({
      id: randomUUID(),
      name: "Private",
      host: "private.example",
    });
    await expect(as(outsider).byId({ id: created.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(as(outsider).update({ ...created, name: "Hijack" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(as(outsider).remove({ id: created.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await as(outsider).list()).map((d) => d.id)).not.toContain(created.id);
    expect((await as(admin).byId({ id: created.id })).name).toBe("Private");
  });

  it("tracking settings: any member reads them, admins save them, another organization gets NOT_FOUND", async () => {
    const { id } = await as(member).create({
      id: randomUUID(),
      name: "Consent",
      host: "c.example",
    });
    expect(await as(member).tracking({ id })).toEqual({
      domainId: id,
      consentSource: "auto",
      consentDefault: "denied",
      datalayerPurchases: false,
    });
    const settings = {
      domainId: id,
      consentSource: "consent-mode" as const,
      consentDefault: "granted" as const,
      datalayerPurchases: true,
    };
    await expect(as(member).updateTracking(settings)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await as(admin).updateTracking(settings)).toEqual(settings);
    expect(await as(member).tracking({ id })).toEqual(settings);
    await expect(as(outsider).tracking({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(as(outsider).updateTracking(settings)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      as(admin).updateTracking({ ...settings, consentSource: "cookies" as never }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("needs a session and an organization", async () => {
    await expect(callerFor(server.app).domain.list()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const loner = await createUser(server.app);
    await expect(as(loner).list()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("user.get lists the organization's domains and floows", async () => {
    const created = await as(admin).create({
      id: randomUUID(),
      name: "Bundle",
      host: "bundle.example",
    });
    const floow = await callerFor(server.app, admin).floow.create({
      domainId: created.id,
      type: "data",
      name: "",
    });
    const bundle = await callerFor(server.app, member).user.get();
    expect(bundle.domains).toContainEqual(created);
    expect(bundle.floows).toContainEqual(floow);
    const theirs = await callerFor(server.app, outsider).user.get();
    expect(theirs.domains.map((d) => d.id)).not.toContain(created.id);
    expect(theirs.floows.map((f) => f.id)).not.toContain(floow.id);
  });
});
