#!/usr/bin/env bash
# The server the browser tests drive: production build, a fresh SQLite database with the demo
# newspaper, test hooks on, and the ticker's upstream pointed at a dead port (fallback headlines).
# Mail goes to E2E_SMTP_URL (the SMTP server a journey starts, see playwright.config.ts), else the log.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d /tmp/vaggen-e2e.XXXXXX)
export NODE_ENV=test DATA_DIR="$dir" HOST=127.0.0.1 LOG_LEVEL=warn \
  ADMIN_USERNAME=admin ADMIN_PASSWORD=admin-e2e-password REGISTRATIONS_PER_HOUR=1000 COMMENTS_PER_MINUTE=1000 \
  ANALYTICS_FLOOD_PER_MINUTE=100000 ANALYTICS_FLUSH_MS=1000 \
  SR_NEWS_URL="${E2E_SR_NEWS_URL:-http://127.0.0.1:9/dead}" SMTP_URL="${E2E_SMTP_URL:-}" \
  STRIPE_SECRET_KEY=sk_test_e2e STRIPE_WEBHOOK_SECRET=whsec_e2e STRIPE_API_URL="${E2E_STRIPE_URL:-http://127.0.0.1:9}"
unset DATABASE_URL REDIS_URL
# where this run's data lives, for a journey that seeds what only time would make (issue 42's daily figures)
if [ -n "${E2E_DATA_DIR_NOTE:-}" ]; then echo "$dir" > "$E2E_DATA_DIR_NOTE"; fi
node --import tsx apps/server/src/main.ts &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT
trap 'exit 0' TERM INT
wait "$pid"
