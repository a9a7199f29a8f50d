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
echo "== browser tests"
PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/e2e.json" bash scripts/e2e.sh --reporter=list,json
# One closing line for both runners: "N passed, N failed, N skipped".
node -e '
  const fs = require("node:fs");
  const v = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const e = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).stats;
  const passed = v.numPassedTests + e.expected + e.flaky;
  const failed = v.numFailedTests + e.unexpected;
  const skipped = v.numPendingTests + v.numTodoTests + e.skipped;
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$reports/vitest.json" "$reports/e2e.json"
