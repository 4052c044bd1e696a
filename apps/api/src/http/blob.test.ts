import { BLOB_MAX_BYTES } from "@floow/domain/blob";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";
import { looksLike } from "./blob";

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

describe.each(testDbKinds)("blob upload (%s)", (kind) => {
  let server: TestServer;
  let cookie: string;
  let lonerCookie: string;

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
    server = await createTestServer(kind);
    const user = await createUser(server.app, "Uploader");
    await createOrganization(server.app, user, "Images Inc");
    cookie = await cookieOf(user);
    lonerCookie = await cookieOf(await createUser(server.app, "Loner"));
  });
  afterAll(() => server.close());

  const upload = (payload: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: "POST",
      url: "/api/blob",
      headers: { ...jsonWrite, cookie, ...headers },
      payload: JSON.stringify(payload),
    });

  it("stores an image and serves it back with long-lived cache headers", async () => {
    const response = await upload({ data: dataUrl("image/png", PNG), container: "floows-images" });
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(/^\/blobs\/[0-9a-f-]{36}$/);

    const served = await server.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-disposition"]).toBeUndefined();
    const etag = served.headers.etag as string;
    expect(
      (await server.app.inject({ method: "GET", url, headers: { "if-none-match": etag } }))
        .statusCode,
    ).toBe(304);
  });

  it("serves SVG as an attachment under a CSP that runs nothing", async () => {
    const { url } = (
      await upload({ data: dataUrl("image/svg+xml", SVG), container: "floows-images" })
    ).json();
    const served = await server.app.inject({ method: "GET", url });
    expect(served.headers["content-type"]).toBe("image/svg+xml");
    expect(served.headers["content-disposition"]).toMatch(
      /^attachment; filename="[0-9a-f-]{36}\.svg"$/,
    );
    expect(served.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
  });

  it("names the failing field: container, type, or data that is not the image it claims", async () => {
    const container = await upload({ data: dataUrl("image/png", PNG), container: "other" });
    expect(container.statusCode).toBe(400);
    expect(container.json().error.fieldErrors).toEqual([
      { path: ["container"], message: "The container must be floows-images." },
    ]);
    const html = await upload({
      data: dataUrl("text/html", Buffer.from("<b>x</b>")),
      container: "floows-images",
    });
    expect(html.json().error.fieldErrors).toEqual([
      { path: ["data"], message: "Images must be PNG, JPEG, WebP, GIF or SVG." },
    ]);
    const fake = await upload({
      data: dataUrl("image/png", Buffer.from("<html><script>")),
      container: "floows-images",
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.fieldErrors[0].path).toEqual(["data"]);
  });

  it("refuses images over 5 MB with 413", async () => {
    const big = Buffer.alloc(BLOB_MAX_BYTES + 1);
    PNG.copy(big);
    const response = await upload({ data: dataUrl("image/png", big), container: "floows-images" });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "Images can be at most 5 MB.",
    });
    const huge = await upload({
      data: `data:image/png;base64,${"A".repeat(8 * 1024 * 1024)}`,
      container: "floows-images",
    });
    expect(huge.statusCode).toBe(413);
  });

  it("needs a session with an organization, JSON and an allowed origin", async () => {
    const payload = { data: dataUrl("image/png", PNG), container: "floows-images" };
    expect((await upload(payload, { cookie: "" })).statusCode).toBe(401);
    expect((await upload(payload, { cookie: lonerCookie })).statusCode).toBe(403);
    expect((await upload(payload, { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await upload(payload, { "content-type": "text/plain" })).statusCode).toBe(415);
  });

  it("answers 404 for an unknown blob", async () => {
    expect(
      (
        await server.app.inject({
          method: "GET",
          url: "/blobs/00000000-0000-4000-8000-000000000000",
        })
      ).statusCode,
    ).toBe(404);
    expect((await server.app.inject({ method: "GET", url: "/blobs/../etc" })).statusCode).toBe(404);
  });

  it("the server also serves the public runtime API, with CORS", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/api/public/domains/unknown/floows",
      headers: { origin: "https://m.example" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("looksLike", () => {
  it.each([
    ["image/png", PNG, true],
    ["image/jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]), true],
    ["image/gif", Buffer.from("GIF89a....."), true],
    ["image/webp", Buffer.from("RIFF\0\0\0\0WEBPVP8 "), true],
    ["image/svg+xml", SVG, true],
    ["image/png", Buffer.from("GIF89a....."), false],
    ["image/svg+xml", Buffer.from("<html></html>"), false],
    ["image/bmp", PNG, false],
  ])("%s", (type, bytes, expected) => {
    expect(looksLike(type, bytes)).toBe(expected);
  });
});
