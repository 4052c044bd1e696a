import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createTestDb } from "../test/db";
import { TEST_ORIGIN, testEnv } from "../test/server";
import { createServer } from "./server";
import { randomPort } from "../test/process";

// A fresh PGlite with every migration, or a child process starting one, takes seconds, and
// far longer on a busy machine: these tests wait generously (they assert behaviour, not speed).
const SLOW = 120_000;

describe("shutdown", () => {
  it(
    "lets an in-flight request finish, then closes the database it opened",
    async () => {
      const app = await createServer(
        testEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "floow-close-")) }),
      );
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      if (!address || typeof address === "string") throw new Error("no port");

      // Sign-up hashes a password, so it is still running when close() starts.
      const arrived = new Promise((resolve) => app.server.once("request", resolve));
      const inFlight = fetch(`http://127.0.0.1:${address.port}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: JSON.stringify({
          email: "late@example.com",
          password: "correct horse battery",
          name: "Late",
        }),
      });
      await arrived;
      const closed = app.close();
      const response = await inFlight;
      expect(response.status).toBe(200);
      await closed;
      await expect(app.database.db.selectFrom("user").select("id").execute()).rejects.toThrow();
    },
    SLOW,
  );

  it(
    "leaves a database it was given open",
    async () => {
      const database = await createTestDb("pglite");
      const app = await createServer(testEnv(), { database });
      await app.close();
      await expect(database.db.selectFrom("user").select("id").execute()).resolves.toEqual([]);
      await database.close();
    },
    SLOW,
  );
});

describe("main.ts", () => {
  it(
    "reports a bad variable by name and exits 1",
    async () => {
      const { code, output } = await runMain({ PORT: "not-a-port" });
      expect(code).toBe(1);
      expect(output).toContain("Invalid environment variable PORT");
    },
    SLOW,
  );

  it(
    "starts, answers /healthz and exits 0 on SIGTERM",
    async () => {
      const api = onLoopback("floow-main-");
      const { code, output } = await runMain(api.env, async (child) => {
        const health = await waitFor(`${api.url}/healthz`);
        expect(health).toEqual({ status: "ok" });
        child.kill("SIGTERM");
      });
      expect(output).toContain("shutting down");
      expect(code).toBe(0);
    },
    SLOW,
  );
});

describe("the request log", () => {
  it(
    "writes one line per request without its cookie or credentials, and its last lines at exit",
    async () => {
      const api = onLoopback("floow-log-");
      const { code, output } = await runMain(api.env, async (child) => {
        await waitFor(`${api.url}/healthz`);
        const response = await fetch(`${api.url}/api/public/floows/no-such-floow`, {
          headers: {
            cookie: "better-auth.session_token=COOKIE-SECRET",
            authorization: "Bearer TOKEN-SECRET",
          },
        });
        expect(response.status).toBe(404);
        child.kill("SIGTERM");
      });
      expect(code).toBe(0);
      const lines = output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const requestLines = lines.filter((line) => line.msg === "request completed");
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({
        req: { method: "GET", url: "/api/public/floows/no-such-floow" },
        res: { statusCode: 404 },
      });
      expect(output).not.toContain("COOKIE-SECRET");
      expect(output).not.toContain("TOKEN-SECRET");
      // Lines are written asynchronously; the ones of the shutdown, right before process.exit, too.
      expect(lines.at(-1)).toMatchObject({ msg: "shut down", drained: true });
    },
    SLOW,
  );
});

const apiRoot = fileURLToPath(new URL("..", import.meta.url));

/** main.ts's environment for a process on a free port of 127.0.0.1, with a fresh data folder. */
function onLoopback(folderPrefix: string): { url: string; env: Record<string, string> } {
  const port = randomPort();
  return {
    url: `http://127.0.0.1:${port}`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), folderPrefix)),
    },
  };
}

function runMain(
  env: Record<string, string>,
  whileRunning?: (child: ReturnType<typeof spawn>) => Promise<void>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiRoot,
    // Only what the test sets: the developer's own environment must not leak in.
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return (async () => {
    try {
      await whileRunning?.(child);
    } catch (error) {
      child.kill("SIGKILL");
      throw error;
    }
    return { code: await exited, output };
  })();
}

async function waitFor(url: string, timeoutMs = 100_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response.json();
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
