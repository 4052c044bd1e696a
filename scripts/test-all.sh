#!/usr/bin/env bash
# Every test of the project, as the README's test command runs it (and CI through it):
# static checks (prettier --check, typecheck, lint), unit and integration tests of every
# package (database tests on PGlite, and also on the PostgreSQL server when DATABASE_URL is
# set), the builds (including Storybook), and the end-to-end journeys in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

# Formatting first: cheap, and it names every file prettier would change (.prettierignore
# leaves out generated files).
pnpm run format:check

# The static checks, unit and integration tests and builds of every package, at most three
# tasks at a time: on two cores more at once (tried: 24, with the journeys beside them) made
# every timing in the tests a lottery (workers that could not start within 60 s, a 2 s answer
# in 2.02 s). --summarize writes each task's time to .turbo/runs/ (docs/testing.md).
TURBO_TELEMETRY_DISABLED=1 pnpm exec turbo run typecheck lint test build --concurrency=3 --summarize --output-logs=errors-only --continue
node -e '
  const { total } = require("./packages/domain/coverage/coverage-summary.json");
  console.log(`@floow/domain line coverage: ${total.lines.pct}% (the test fails below 95%)`);
'

# The end-to-end journeys in headless Chromium, on their own once the builds they serve are
# done (E2E_WORKERS workers, 2 in CI, each with a server of its own: playwright.config.ts).
pnpm --filter @floow/dashboard e2e

# docker-compose.yml stays valid (docs/self-hosting.md): checked where Docker Compose is installed
# (the v2 plugin or Debian's docker-compose), with stand-in secrets; said and skipped elsewhere.
if docker compose version >/dev/null 2>&1; then compose=(docker compose); elif command -v docker-compose >/dev/null; then compose=(docker-compose); else compose=(); fi
if [ ${#compose[@]} -gt 0 ]; then BETTER_AUTH_SECRET=check POSTGRES_PASSWORD=check "${compose[@]}" config -q && echo "docker-compose.yml: valid"; else echo "docker-compose.yml: not checked (no docker compose on this machine)"; fi
