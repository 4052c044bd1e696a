import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Role } from "@floow/domain/user";
import { appRouter } from "../src/trpc/app-router";
import { createInnerContext } from "../src/trpc/context";
import type { SessionData } from "../src/auth/session";
import { createCallerFactory } from "../src/trpc/init";

const createCaller = createCallerFactory(appRouter);

export interface TestUser {
  id: string;
  email: string;
  name: string;
  session: SessionData;
}

/** Signs a user up through better-auth's server API (no HTTP, no rate limit) with a session. */
export async function createUser(app: FastifyInstance, name = "Test User"): Promise<TestUser> {
  const email = `user-${randomBytes(5).toString("hex")}@example.com`;
  const result = await app.auth.api.signUpEmail({
    body: { email, password: "correct horse battery", name },
  });
  const row = await app.database.db
    .selectFrom("session")
    .select(["id", "active_organization_id"])
    .where("token", "=", result.token ?? "")
    .executeTakeFirstOrThrow();
  return {
    id: result.user.id,
    email,
    name,
    session: {
      user: { id: result.user.id, name, email },
      session: { id: row.id, activeOrganizationId: row.active_organization_id },
    },
  };
}

/** A tRPC caller as this user (or anonymous), on the app's database and auth. */
export function callerFor(app: FastifyInstance, user?: TestUser) {
  return createCaller(
    createInnerContext({
      db: app.database.db,
      auth: app.auth,
      session: user?.session ?? null,
      clientKey: "test",
      mail: app.mail,
    }),
  );
}

/** Creates an organization with `admin` as its admin (through the procedure). */
export async function createOrganization(app: FastifyInstance, admin: TestUser, name = "Acme") {
  return callerFor(app, admin).organization.create({ name });
}

/** Adds a user to an organization with a role, the way an accepted invitation does. */
export async function addMember(
  app: FastifyInstance,
  organizationId: string,
  user: TestUser,
  role: Role,
) {
  await app.auth.api.addMember({ body: { organizationId, userId: user.id, role } });
}

/**
 * The dashboard's CSV export (`GET /api/analytics/sessions.csv`) as this user, signed in over
 * HTTP: the status, the file's name, its text and its number of session rows.
 */
export async function exportSessionsCsv(
  app: FastifyInstance,
  user: TestUser,
  input: { id: string; from: string; to: string; version?: number },
) {
  const { headers } = await app.auth.api.signInEmail({
    body: { email: user.email, password: "correct horse battery" },
    returnHeaders: true,
  });
  const response = await app.inject({
    method: "GET",
    url: "/api/analytics/sessions.csv",
    query: {
      id: input.id,
      from: input.from,
      to: input.to,
      ...(input.version !== undefined && { version: String(input.version) }),
    },
    headers: {
      cookie: headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    },
  });
  const csv = response.body;
  return {
    status: response.statusCode,
    filename: /filename="([^"]+)"/.exec(String(response.headers["content-disposition"] ?? ""))?.[1],
    csv,
    rows: response.statusCode === 200 ? csv.split("\r\n").length - 2 : 0,
  };
}
