#!/usr/bin/env bash
# `npm test`: every check — types, lint, unit + integration (SQLite, and PostgreSQL when
# TEST_DATABASE_URL is set), then the browser tests against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
reports=$(mktemp -d /tmp/vaggen-test-reports.XXXXXX)
trap 'rm -rf "$reports"' EXIT
echo "== typecheck"
npm run --silent typecheck
echo "== lint"
npx biome check .
echo "== build"
npm run --silent build >/dev/null
# Issue 40 (decision 045): the suite runs on Node 24 LTS too (the machines run Node 20, out of support).
# node24.sh fetches Node 24 from the npm registry and compiles better-sqlite3 for it once (cached
# outside node_modules); exit 3 means the registry had no Node 24 to give: the run says so and goes on.
bash scripts/ensure-nginx.sh
node24=0
bash scripts/node24.sh --check || node24=$?
[ "$node24" -eq 0 ] || [ "$node24" -eq 3 ] || exit "$node24"
# Each query once on each database (2026-11-29, decision 045): Node 20 on PostgreSQL, Node 24 on
# SQLite (the one native module whose build differs per Node is SQLite's). Without PostgreSQL, or
# without Node 24, the Node 20 run takes SQLite as well.
node20_dialects=""
if [ -n "${TEST_DATABASE_URL:-}" ] && [ "$node24" -eq 0 ]; then node20_dialects=postgres; fi
echo "== unit and integration tests (Node $(node -v)${node20_dialects:+, $node20_dialects only})"
TEST_DIALECTS="$node20_dialects" npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
echo "== unit and integration tests on Node 24 (SQLite)"
if [ "$node24" -eq 0 ]; then
  env -u TEST_DATABASE_URL bash scripts/node24.sh node_modules/.bin/vitest run --reporter=default --reporter=json \
    --outputFile.json="$reports/vitest-node24.json"
else
  echo "(skipped: no Node 24 could be fetched from the npm registry; the run above took SQLite)"
fi
echo "== browser tests"
PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/e2e.json" bash scripts/e2e.sh --reporter=list,json
# One closing line for both runners: "N passed, N failed, N skipped" (Vitest on Node 20 and, when it
# ran, on Node 24: each run's tests count).
node -e '
  const fs = require("node:fs");
  const read = (f) => JSON.parse(fs.readFileSync(f, "utf8"));
  const e = read(process.argv[2]).stats;
  const runs = [process.argv[1], process.argv[3]].filter((f) => fs.existsSync(f)).map(read);
  const sum = (k) => runs.reduce((n, v) => n + v[k], 0);
  const passed = sum("numPassedTests") + e.expected + e.flaky;
  const failed = sum("numFailedTests") + e.unexpected;
  const skipped = sum("numPendingTests") + sum("numTodoTests") + e.skipped;
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$reports/vitest.json" "$reports/e2e.json" "$reports/vitest-node24.json"
