import {
  createChoice,
  createFilter,
  createFilterGroup,
  createFloow,
  createStep,
  floowIcons,
} from "@floow/domain/floow";
import { brandPaints } from "@floow/domain/domain";
import { floowTexts } from "@floow/domain/public";
import type { PublicFloow } from "@floow/domain/public";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import { seedDomain, seedFeed, seedFloow, seedOrganization } from "../../../test/floows";
import type { DbHandle } from "../../db/client";
import { setFloowStatus } from "../../db/queries/floow";
import { publishFloow } from "../../db/queries/floow-version";
import { registerPublicRoutes } from "./index";

describe.each(testDbKinds)("public floows API (%s)", (kind) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let orgId: string;
  let domainId: string;
  let liveId: string;
  let developmentId: string;
  let archivedId: string;
  let feedId: string;

  beforeAll(async () => {
    database = await createTestDb(kind);
    app = Fastify();
    await registerPublicRoutes(app, { db: database.db, floowsCacheMs: 0 });
    await app.ready();

    const db = database.db;
    orgId = await seedOrganization(db);
    domainId = (
      await seedDomain(db, orgId, { name: "Secret name", host: "www.secret-host.example" })
    ).id;
    feedId = await seedFeed(db, orgId);
    const choice = createChoice();
    const group = createFilterGroup({ choiceId: choice.id });
    liveId = (
      await seedFloow(db, orgId, domainId, "selling", {
        status: "live",
        name: "Live one",
        feedId,
        userId: null,
        steps: [createStep({ choices: [choice] })],
        filterGroups: [group],
        filters: [createFilter({ filterGroupId: group.id, field: "margin", value: "high" })],
      })
    ).id;
    developmentId = (await seedFloow(db, orgId, domainId, "selling", { name: "Draft" })).id;
    archivedId = (await seedFloow(db, orgId, domainId, "data", { status: "archived" })).id;
    const otherDomain = await seedDomain(db, orgId);
    await seedFloow(db, orgId, otherDomain.id, "selling", { status: "live" });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  it("lists only the domain's live floows, with only what the runtime needs", async () => {
    const response = await get(`/api/public/domains/${domainId}/floows`, {
      origin: "https://merchant.example",
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.domain).sort()).toEqual(["colors", "consent", "fonts", "id", "paints"]);
    // Consent as the domain's settings say (docs/events.md "Consent"): by default any source,
    // and no consent without a signal; the GA4 purchase pick-up is off (absent).
    expect(body.domain.consent).toEqual({ source: "auto", default: "denied" });
    // The colours the floows paint with, worked out for the script-tag renderer.
    expect(body.domain.paints).toEqual(brandPaints(body.domain.colors));
    expect(body.domain.paints.primary).toEqual({ c: "#333333", on: "#ffffff", ink: "#333333" });
    expect(body.domain.id).toBe(domainId);
    expect(body.domain.colors.map((c: { hex: string }) => c.hex)).toEqual(["333333", "FFFFFF"]);
    expect(body.floows.map((f: { id: string }) => f.id)).toEqual([liveId]);
    const [floow] = body.floows;
    expect(floow).toMatchObject({
      id: liveId,
      organizationId: orgId,
      domainId,
      name: "Live one",
      type: "selling",
    });
    for (const hidden of ["feedId", "userId", "status", "createdAt", "filters", "filterGroups"]) {
      expect(floow).not.toHaveProperty(hidden);
    }
    for (const secret of ["Secret name", "secret-host", feedId, "margin"]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("sends an ETag and public cache headers, and 304 when the client has that version", async () => {
    const url = `/api/public/domains/${domainId}/floows`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");

    const again = await get(url, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    expect((await get(url, { "if-none-match": `"other", W/${etag}` })).statusCode).toBe(304);

    // Publishing another floow changes the answer, so its ETag.
    await publishFloow(database.db, orgId, developmentId, { userId: null, note: "" });
    const changed = await get(url, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().floows).toHaveLength(2);
    await setFloowStatus(database.db, orgId, developmentId, "development", ["live"]);
  });

  it("sends the kept answer brotli- or gzip-compressed as the browser accepts, the same JSON and ETag", async () => {
    const url = `/api/public/domains/${domainId}/floows`;
    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const browser = await get(url, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(browser.rawPayload).toString()).toBe(plain.body);
    expect(browser.headers.etag).toBe(plain.headers.etag);
    const gzip = await get(url, { "accept-encoding": "gzip" });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const cached = await get(url, {
      "accept-encoding": "br",
      "if-none-match": plain.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
  });

  it("serves one live floow with its domain, and 404 for a floow that is not live", async () => {
    const response = await get(`/api/public/floows/${liveId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ domain: { id: domainId }, floow: { id: liveId } });
    expect(response.json().floow).not.toHaveProperty("filters");
    expect(response.headers.etag).toBeDefined();
    expect(
      (
        await get(`/api/public/floows/${liveId}`, {
          "if-none-match": response.headers.etag as string,
        })
      ).statusCode,
    ).toBe(304);

    for (const id of [developmentId, archivedId, "no-such-floow"]) {
      const missing = await get(`/api/public/floows/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        error: { code: "NOT_FOUND", message: "No such live floow.", fieldErrors: [] },
      });
      expect(missing.headers["access-control-allow-origin"]).toBe("*");
    }
  });

  it("answers 404 for an unknown domain", async () => {
    const response = await get("/api/public/domains/nope/floows");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });

  it("reuses an answer for a few seconds (the server default), 404s too", async () => {
    const cachedApp = Fastify();
    await registerPublicRoutes(cachedApp, { db: database.db });
    try {
      const url = `/api/public/domains/${domainId}/floows`;
      const first = await cachedApp.inject({ method: "GET", url });
      const missing = await cachedApp.inject({
        method: "GET",
        url: `/api/public/floows/${developmentId}`,
      });
      await publishFloow(database.db, orgId, developmentId, { userId: null, note: "" });
      try {
        const second = await cachedApp.inject({ method: "GET", url });
        expect(second.headers.etag).toBe(first.headers.etag);
        expect(
          (await cachedApp.inject({ method: "GET", url: `/api/public/floows/${developmentId}` }))
            .statusCode,
        ).toBe(missing.statusCode);
        // Without the server cache the publish shows at once.
        expect((await get(url)).headers.etag).not.toBe(first.headers.etag);
      } finally {
        await setFloowStatus(database.db, orgId, developmentId, "development", ["live"]);
      }
    } finally {
      await cachedApp.close();
    }
  });

  it("never publishes a script, an event handler or a javascript: link in a floow's rich text, images or fonts", async () => {
    const db = database.db;
    // Saved before fonts were validated, say: the script-tag renderer loads what it gets.
    const domain = await seedDomain(db, orgId, {
      fonts: [
        { id: "f1", name: "Evil", url: "javascript:steal()" },
        { id: "f2", name: "Inter", url: "https://fonts.example/inter.css" },
      ],
    });
    const evil =
      '<p onclick="steal()">Which <b>size</b>?<script>steal()</script><img src="x.png" onerror="steal()"></p>';
    const floow = await seedFloow(db, orgId, domain.id, "selling", {
      status: "live",
      start: {
        ...createFloow("selling").start,
        text: `<iframe src="https://evil.example"></iframe>${evil}`,
        image: "javascript:steal()",
      },
      finish: {
        ...createFloow("selling").finish,
        text: '<a href="javascript:steal()" onmouseover="steal()">Done</a>',
        image: "data:text/html,steal()",
      },
      steps: [
        createStep({
          text: evil,
          image: "https://shop.example/step.png",
          choices: [
            createChoice({
              text: '<a href="https://shop.example/size">Large</a><svg onload="steal()"></svg><a href="https://sizes.example/">chart</a>',
              image: " JAVASCRIPT:steal()",
            }),
          ],
        }),
      ],
    });
    for (const url of [
      `/api/public/domains/${domain.id}/floows`,
      `/api/public/floows/${floow.id}`,
    ]) {
      const body = (await get(url)).body;
      // No element, handler (`on…=`) or URL that runs code; nothing of the attacker's `steal()`.
      expect(body).not.toMatch(/<script|\son[a-z]+=|javascript:|<iframe|<svg|steal/i);
      const { floows, floow: one } = JSON.parse(body) as {
        floows?: PublicFloow[];
        floow?: PublicFloow;
      };
      const published = one ?? floows![0]!;
      // What is allowed stays as written; a link to the domain's site (www.shop.example) opens
      // in the shopper's tab, one to another site in a new tab (issue 21).
      expect(published.steps[0]!.text).toBe('<p>Which <b>size</b>?<img src="x.png" /></p>');
      expect(published.steps[0]!.choices[0]!.text).toBe(
        '<a href="https://shop.example/size" target="_top">Large</a><a href="https://sizes.example/" target="_blank" rel="noopener noreferrer">chart</a>',
      );
      expect(published.finish.text).toBe("<a>Done</a>");
      expect(published.start.text).toBe('<p>Which <b>size</b>?<img src="x.png" /></p>');
      // Images: only safe URLs (the script-tag renderer shows them as they come).
      expect(published.start.image).toBeNull();
      expect(published.finish.image).toBeNull();
      expect(published.steps[0]!.image).toBe("https://shop.example/step.png");
      expect(published.steps[0]!.choices[0]!.image).toBeNull();
      const { domain: publicDomain } = JSON.parse(body) as { domain: { fonts: unknown[] } };
      expect(publicDomain.fonts).toEqual([
        { id: "f2", name: "Inter", url: "https://fonts.example/inter.css" },
      ]);
    }
  });

  it("carries the runtime's texts in the floow's language only, and the icons it draws; the ETag follows the language", async () => {
    const db = database.db;
    const domain = await seedDomain(db, orgId);
    const base = createFloow("selling");
    const buttons = {
      ...base.buttons,
      back: { ...base.buttons.back, icon: "chevron-left" as const },
    };
    const floow = await seedFloow(db, orgId, domain.id, "selling", {
      status: "live",
      language: "de",
      buttons,
    });
    const urls = [`/api/public/domains/${domain.id}/floows`, `/api/public/floows/${floow.id}`];
    const etags: string[] = [];
    for (const url of urls) {
      const response = await get(url);
      const body = response.json() as { floows?: PublicFloow[]; floow?: PublicFloow };
      const published = body.floow ?? body.floows![0]!;
      expect(published.texts).toEqual(floowTexts("de"));
      expect(published.icons).toEqual(floowIcons(buttons));
      expect(Object.keys(published.icons!)).toContain("chevron-left");
      // One language, not the four the npm build bundles.
      expect(response.body).not.toContain(floowTexts("nl").close);
      etags.push(response.headers.etag as string);
    }
    // A draft edit changes nothing shoppers get; its publish does.
    await db.updateTable("floow").set({ language: "fr" }).where("id", "=", floow.id).execute();
    for (const [i, url] of urls.entries())
      expect((await get(url, { "if-none-match": etags[i]! })).statusCode).toBe(304);
    await publishFloow(db, orgId, floow.id, { userId: null, note: "" });
    for (const [i, url] of urls.entries()) {
      const response = await get(url, { "if-none-match": etags[i]! });
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).not.toBe(etags[i]);
      const body = response.json() as { floows?: PublicFloow[]; floow?: PublicFloow };
      expect((body.floow ?? body.floows![0]!).texts).toEqual(floowTexts("fr"));
    }
  });

  it("answers CORS preflights for any origin without credentials", async () => {
    const response = await app.inject({
      method: "OPTIONS",
      url: "/api/public/results",
      headers: {
        origin: "https://merchant.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["access-control-allow-methods"]).toContain("POST");
    expect(response.headers["access-control-allow-headers"]).toContain("content-type");
    expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
  });
});
