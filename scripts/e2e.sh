#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
[ -f "${WEB_BUILD_DIR:-apps/web/build}/server/index.js" ] || npm run --silent build >/dev/null
npx playwright test -c apps/web/playwright.config.ts "$@"
