import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The API as `main.ts` under tsx, in its own process, for tests of what only real processes show. */
const apiRoot = fileURLToPath(new URL("..", import.meta.url));

export interface ApiProcess {
  url: string;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the log satisfies `test`. */
  waitForLog(test: (output: string) => boolean): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A port below Linux's ephemeral range (32768-60999, `net.ipv4.ip_local_port_range`): ports in
 * it are handed to outgoing connections (every PostgreSQL and HTTP client of a busy test run),
 * and one such collision failed a CI run with EADDRINUSE.
 */
export function randomPort(): number {
  return 20_000 + Math.floor(Math.random() * 12_000);
}

export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = Number(env.PORT ?? randomPort());
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiRoot,
    // Only what the test sets: the developer's own environment must not leak in.
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const api: ApiProcess = {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    waitForLog(test) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (test(output)) {
            listeners.delete(check);
            resolve();
          }
        };
        listeners.add(check);
        child.once("exit", () =>
          reject(new Error(`the API exited early:\n${output.slice(-3000)}`)),
        );
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  // Ready once /healthz answers (whatever the log level), or failed if the process exits.
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`the API exited (${exitCode}) before answering:\n${output.slice(-3000)}`);
    const healthy = await fetch(`${api.url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return api;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
