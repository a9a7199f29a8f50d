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
echo "== unit and integration tests"
bash scripts/ensure-nginx.sh
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
# Issue 40 (decision 045): the same suite on Node 24 LTS (the machines run Node 20, out of support).
# node24.sh fetches Node 24 from the npm registry and compiles better-sqlite3 for it once (cached
# outside node_modules); exit 3 means the registry had no Node 24 to give: the run says so and goes on.
# On SQLite only (2026-11-29, decision 045): the run above proves every query on both databases; this
# one proves the runtime (the native SQLite module above all), and halving it keeps CI under an hour.
echo "== unit and integration tests on Node 24 (SQLite)"
node24=0
bash scripts/node24.sh --check || node24=$?
if [ "$node24" -eq 0 ]; then
  env -u TEST_DATABASE_URL bash scripts/node24.sh node_modules/.bin/vitest run --reporter=default --reporter=json \
    --outputFile.json="$reports/vitest-node24.json"
elif [ "$node24" -eq 3 ]; then
  echo "(skipped: no Node 24 could be fetched from the npm registry)"
else
  exit "$node24"
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
