import { crc32 } from "node:zlib";
import { BLOB_MESSAGES } from "@floow/domain/blob";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";

/** A PNG that declares `width` × `height` pixels, padded to `bytes` (the pixels are never decoded). */
function declaredPng(width: number, height: number, bytes = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.alloc(Math.max(0, bytes - 57))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return png;
}
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

describe.each(testDbKinds)("image limits (%s)", (kind) => {
  let server: TestServer;
  let cookie: string;
  let otherCookie: string;

  async function cookieOf(user: TestUser): Promise<string> {
    const { headers } = await server.app.auth.api.signInEmail({
      body: { email: user.email, password: "correct horse battery" },
      returnHeaders: true,
    });
    return headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  beforeAll(async () => {
    // A quota of 1 MB per organization.
    server = await createTestServer(kind, { STORAGE_QUOTA_MB: "1" });
    const user = await createUser(server.app, "Uploader");
    await createOrganization(server.app, user, "Images Inc");
    cookie = await cookieOf(user);
    const other = await createUser(server.app, "Other");
    await createOrganization(server.app, other, "Other Inc");
    otherCookie = await cookieOf(other);
  });
  afterAll(() => server.close());

  const upload = (png: Buffer, as = cookie) =>
    server.app.inject({
      method: "POST",
      url: "/api/blob",
      headers: { ...jsonWrite, cookie: as },
      payload: JSON.stringify({ data: dataUrl(png), container: "floows-images" }),
    });

  it("refuses an image that declares more than 40 megapixels with a 400 naming the data", async () => {
    const huge = await upload(declaredPng(50_000, 50_000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: [{ path: ["data"], message: BLOB_MESSAGES.tooManyPixels }],
    });
    // Just past the limit is refused too; exactly 40 megapixels is fine.
    expect((await upload(declaredPng(8001, 5000))).statusCode).toBe(400);
    expect((await upload(declaredPng(8000, 5000))).statusCode).toBe(201);
  });

  it("refuses uploads past the organization's storage quota, and only that organization's", async () => {
    const first = await upload(declaredPng(10, 10, 400_000));
    expect(first.statusCode).toBe(201);
    expect((await upload(declaredPng(10, 10, 400_000))).statusCode).toBe(201);
    const third = await upload(declaredPng(10, 10, 400_000));
    expect(third.statusCode).toBe(413);
    expect(third.json().error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: BLOB_MESSAGES.quotaExceeded,
    });
    // What was stored is still served; another organization uploads as before.
    expect((await server.app.inject({ method: "GET", url: first.json().url })).statusCode).toBe(
      200,
    );
    expect((await upload(declaredPng(10, 10, 400_000), otherCookie)).statusCode).toBe(201);
  });
});
