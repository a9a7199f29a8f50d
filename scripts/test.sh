#!/usr/bin/env bash
# `npm test`: every check — types, lint, unit + integration (SQLite, and PostgreSQL when
# TEST_DATABASE_URL is set), then the browser tests against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"
npm run --silent typecheck
echo "== lint"
npx biome check .
echo "== build"
npm run --silent build >/dev/null
echo "== unit and integration tests"
npx vitest run
echo "== browser tests"
bash scripts/e2e.sh
