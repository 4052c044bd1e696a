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

TURBO_TELEMETRY_DISABLED=1 pnpm exec turbo run typecheck lint test build --output-logs=errors-only --continue
node -e '
  const { total } = require("./packages/domain/coverage/coverage-summary.json");
  console.log(`@floow/domain line coverage: ${total.lines.pct}% (the test fails below 95%)`);
'
pnpm --filter @floow/dashboard e2e
