import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../../test/db";
import { addMember, callerFor, createOrganization, createUser } from "../../test/factories";
import type { TestUser } from "../../test/factories";
import { seedDomain, seedFeed, seedFloow } from "../../test/floows";
import { insertExperiment } from "../db/queries/experiment";
import { createTestServer, jsonWrite } from "../../test/server";
import type { TestServer } from "../../test/server";
import { AUTH_ENDPOINTS, allowedAuthPath } from "../http/auth";
import { appRouter } from "./app-router";
import { PERMISSION_MATRIX } from "./permissions.matrix";
import type { MatrixCaller, MatrixFixture } from "./permissions.matrix";

const procedures = Object.keys(appRouter._def.procedures).sort();

/** Calls `path` ("feed.upsert") on a caller with `input`; returns the result or the error's code. */
async function call(
  caller: unknown,
  path: string,
  input?: unknown,
): Promise<{ ok: true; value: unknown } | { ok: false; code: string }> {
  const fn = path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input?: unknown,
  ) => Promise<unknown>;
  try {
    return { ok: true, value: await fn(input) };
  } catch (error) {
    return { ok: false, code: String((error as { code?: unknown }).code ?? error) };
  }
}

describe("the permission matrix (src/trpc/permissions.matrix.ts)", () => {
  it("has exactly one row per procedure of the app router", () => {
    const rows = Object.keys(PERMISSION_MATRIX).sort();
    expect(
      procedures.filter((p) => !rows.includes(p)),
      "procedures without a row in permissions.matrix.ts",
    ).toEqual([]);
    expect(
      rows.filter((r) => !procedures.includes(r)),
      "rows of procedures that do not exist",
    ).toEqual([]);
  });
  it("names every procedure in docs/permissions.md (run scripts/permissions-matrix.ts to refresh its matrix)", () => {
    const doc = readFileSync(new URL("../../../../docs/permissions.md", import.meta.url), "utf8");
    expect(procedures.filter((procedure) => !doc.includes(`\`${procedure}\``))).toEqual([]);
  });
});

describe.each(testDbKinds)("roles × procedures (%s)", (kind) => {
  let server: TestServer;
  const callers = {} as Record<MatrixCaller, unknown>;
  let outsider: unknown;
  let fixture: MatrixFixture;

  beforeAll(async () => {
    server = await createTestServer(kind);
    const app = server.app;
    const admin = await createUser(app, "Matrix Admin");
    const organizationId = (await createOrganization(app, admin, "Matrix A")).id;
    const member = await createUser(app, "Matrix Member");
    await addMember(app, organizationId, member, "member");
    const removed: TestUser = await createUser(app, "Matrix Removed");
    await addMember(app, organizationId, removed, "member");
    await app.database.db.deleteFrom("member").where("user_id", "=", removed.id).execute();
    removed.session.session.activeOrganizationId = organizationId;

    const domain = await seedDomain(app.database.db, organizationId);
    const floow = await seedFloow(app.database.db, organizationId, domain.id);
    const feedId = await seedFeed(app.database.db, organizationId, [
      { id: "p1", name: "Product 1" },
    ]);
    const invitationId = randomBytes(8).toString("hex");
    await app.database.db
      .insertInto("invitation")
      .values({
        id: invitationId,
        organization_id: organizationId,
        inviter_id: admin.id,
        email: "pending@matrix.example",
        role: "member",
        status: "pending",
        token_hash: randomBytes(32).toString("hex"),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    // A draft experiment (its versions are not checked here: no procedure gets to use them).
    const experiment = await insertExperiment(app.database.db, organizationId, floow.id, {
      name: "Matrix test",
      variants: [
        { version: 1, share: 50 },
        { version: 2, share: 50 },
      ],
      holdoutShare: 0,
    });
    fixture = {
      organizationId,
      adminId: admin.id,
      memberId: member.id,
      domain,
      floow,
      feedId,
      invitationId,
      experimentId: experiment.id,
    };

    callers.admin = callerFor(app, admin);
    callers.member = callerFor(app, member);
    callers.removed = callerFor(app, removed);
    callers.anonymous = callerFor(app);
    const other = await createUser(app, "Other Admin");
    await createOrganization(app, other, "Matrix B");
    outsider = callerFor(app, other);
  });
  afterAll(() => server.close());

  const rows = Object.entries(PERMISSION_MATRIX);

  it.each(rows)("%s: only the allowed callers pass the role check", async (path, row) => {
    for (const who of ["admin", "member", "removed", "anonymous"] as const) {
      const result = await call(callers[who], path);
      const refused = !result.ok && ["UNAUTHORIZED", "FORBIDDEN"].includes(result.code);
      if (row.allowed.includes(who)) {
        expect(
          refused,
          `${path} as ${who}: expected to pass the role check, got ${result.ok ? "ok" : result.code}`,
        ).toBe(false);
      } else {
        expect(result.ok ? "ok" : result.code, `${path} as ${who}`).toBe(
          who === "anonymous" ? "UNAUTHORIZED" : "FORBIDDEN",
        );
      }
    }
  });

  it.each(rows.filter(([, row]) => row.foreign))(
    "%s: another organization's ids are NOT_FOUND",
    async (path, row) => {
      const foreign = row.foreign!;
      const result = await call(outsider, path, foreign.input(fixture));
      if ((foreign.expect ?? "NOT_FOUND") === "NOT_FOUND") {
        expect(result.ok ? "ok" : result.code).toBe("NOT_FOUND");
      } else {
        expect(result.ok, result.ok ? "" : result.code).toBe(true);
        const text = JSON.stringify(result.ok ? result.value : null);
        for (const id of [
          fixture.domain.id,
          fixture.floow.id,
          fixture.feedId,
          fixture.invitationId,
        ])
          expect(text).not.toContain(id);
      }
    },
  );

  it("serves over HTTP only the better-auth endpoints on the allow-list (docs/permissions.md)", async () => {
    const endpoints = Object.values(
      server.app.auth.api as Record<
        string,
        { path?: string; options?: { method?: string | string[] } }
      >,
    ).filter((endpoint) => typeof endpoint?.path === "string" && endpoint.path.startsWith("/"));
    expect(endpoints.length).toBeGreaterThan(30);
    const open: string[] = [];
    for (const endpoint of endpoints) {
      const methods = [endpoint.options?.method ?? "GET"]
        .flat()
        .filter((m) => m === "GET" || m === "POST");
      for (const method of methods.length > 0 ? methods : ["POST"]) {
        const path = endpoint.path!.replace(/:[a-zA-Z]+/g, "oidc");
        if (allowedAuthPath(method, `/api/auth${path}`)) {
          open.push(`${method} ${path}`);
          continue;
        }
        const response = await server.app.inject({
          method: method as "GET" | "POST",
          url: `/api/auth${path}`,
          headers: jsonWrite,
          payload: method === "POST" ? {} : undefined,
        });
        expect(response.statusCode, `${method} /api/auth${path}`).toBe(404);
      }
    }
    // Everything open is on the documented list, and the list holds nothing else.
    for (const entry of open) {
      const [method, path] = entry.split(" ");
      expect(
        AUTH_ENDPOINTS.some(
          (e) =>
            e.method === method &&
            (typeof e.path === "string" ? e.path === path : e.path.test(path!)),
        ),
      ).toBe(true);
    }
  });
});
