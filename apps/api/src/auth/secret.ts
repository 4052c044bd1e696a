import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SECRET_FILE = "auth-secret";

/**
 * The secret better-auth signs cookies with: BETTER_AUTH_SECRET, or else one generated once
 * and kept in DATA_DIR so sessions survive restarts (env.ts already refuses production with
 * DATABASE_URL and no secret).
 */
export function resolveAuthSecret(
  env: { betterAuthSecret?: string | undefined; dataDir: string },
  onGenerated?: (file: string) => void,
): string {
  if (env.betterAuthSecret) return env.betterAuthSecret;
  const file = path.join(env.dataDir, SECRET_FILE);
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(env.dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  onGenerated?.(file);
  return secret;
}
