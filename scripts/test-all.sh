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

# One turbo run, so the end-to-end journeys (the dashboard's e2e task, after the builds they
# serve) run while the API's database tests are still going: on two cores neither fills the
# machine alone. Every task starts as soon as its dependencies are done (turbo's default of
# 10 at a time kept the longest one, the API's tests, waiting behind lint and typecheck);
# --summarize writes each task's time to .turbo/runs/ (docs/testing.md).
TURBO_TELEMETRY_DISABLED=1 pnpm exec turbo run typecheck lint test build e2e --concurrency=24 --summarize --output-logs=errors-only --continue
node -e '
  const { total } = require("./packages/domain/coverage/coverage-summary.json");
  console.log(`@floow/domain line coverage: ${total.lines.pct}% (the test fails below 95%)`);
'

# docker-compose.yml stays valid (docs/self-hosting.md): checked where Docker Compose is installed
# (the v2 plugin or Debian's docker-compose), with stand-in secrets; said and skipped elsewhere.
if docker compose version >/dev/null 2>&1; then compose=(docker compose); elif command -v docker-compose >/dev/null; then compose=(docker-compose); else compose=(); fi
if [ ${#compose[@]} -gt 0 ]; then BETTER_AUTH_SECRET=check POSTGRES_PASSWORD=check "${compose[@]}" config -q && echo "docker-compose.yml: valid"; else echo "docker-compose.yml: not checked (no docker compose on this machine)"; fi
