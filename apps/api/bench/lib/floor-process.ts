/**
 * A benchmark's floor server in a process of its own (as the API is in its own): `script`
 * (a file in bench/lib) run with tsx on a random port, given `env` (PORT added) and, when
 * given, `input` on its standard input. Resolves once the script prints `ready`.
 * The floor scripts' own side: `serveFloor` (listen on PORT, print `ready`, stop on SIGTERM)
 * and `readBody`.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { IncomingMessage, RequestListener } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

export interface FloorProcess {
  base: string;
  pid: number;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export function startFloorProcess(
  script: string,
  env: Record<string, string>,
  input?: string,
): Promise<FloorProcess> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ["--import", "tsx", join(here, script)], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", ...env, PORT: String(port) },
    stdio: [input === undefined ? "ignore" : "pipe", "pipe", "inherit"],
  });
  if (input !== undefined) child.stdin!.end(input);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the floor (${script}) exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready"))
        resolve({
          base: `http://127.0.0.1:${port}`,
          pid: child.pid!,
          async stop() {
            child.kill("SIGTERM");
            await exited;
          },
        });
    });
  });
}

/** In a floor script: serves `listener` on 127.0.0.1:PORT, prints `ready`; on SIGTERM closes, then `close()`, then exits. */
export function serveFloor(listener: RequestListener, close?: () => Promise<void>): void {
  const server = createServer(listener);
  server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
  process.on("SIGTERM", () =>
    server.close(() => void (close?.() ?? Promise.resolve()).then(() => process.exit(0))),
  );
}

/** A request's whole body. */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.once("end", () => resolve(Buffer.concat(chunks)));
    request.once("error", reject);
  });
}
