import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { callerFor, createUser } from "../../test/factories";
import { createTestServer } from "../../test/server";
import type { TestServer } from "../../test/server";

describe.each(testDbKinds)("support (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(() => server.close());

  const ticket = {
    email: "jan@shop.example",
    subject: "Feed does not refresh",
    comment: "Since Monday the feed shows an error.",
    category: "bug" as const,
    url: "https://app.floow.example/products#feeds",
  };

  it("is for signed-in users only", async () => {
    await expect(callerFor(server.app).support.create(ticket)).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(callerFor(server.app).support.config()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("stores a ticket with the user, the default project and the page address", async () => {
    const user = await createUser(server.app, "Jan Support");
    const { id } = await callerFor(server.app, user).support.create({ ...ticket, name: "Jan" });
    const row = await server.app.database.db
      .selectFrom("support_ticket")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: user.id,
      email: "jan@shop.example",
      name: "Jan",
      phone: "",
      project: "floows",
      category: "bug",
      subject: "Feed does not refresh",
      comment: "Since Monday the feed shows an error.",
      url: "https://app.floow.example/products#feeds",
    });
  });

  it("refuses a ticket without subject or description, naming the fields, and stores nothing", async () => {
    const user = await createUser(server.app);
    const error = await callerFor(server.app, user)
      .support.create({
        email: "not-an-email",
        subject: " ",
        comment: "",
        category: "other" as never,
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    const messages = JSON.stringify(error);
    for (const text of [
      "Please provide a subject",
      "Please provide a short description",
      "Please select a valid category",
    ]) {
      expect(messages).toContain(text);
    }
    const stored = await server.app.database.db
      .selectFrom("support_ticket")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it("tells the dialog the support address", async () => {
    const user = await createUser(server.app);
    expect(await callerFor(server.app, user).support.config()).toEqual({
      email: expect.stringMatching(/^support@/),
    });
  });
});
