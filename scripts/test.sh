#!/usr/bin/env bash
# npm test — every tier against real services: types, lint, unit, integration, then e2e on the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

bash scripts/ensure-services.sh
# Other services' usual ports stay taken for the whole run: the tests must find free ones themselves.
node scripts/hold-ports.mjs &
holder=$!
trap 'kill $holder 2>/dev/null || true' EXIT
echo "== typecheck" && npx tsc --noEmit
echo "== lint" && npx eslint . --max-warnings=0
echo "== architecture" && npm run -s lint:arch
echo "== unit + integration" && npx vitest run
echo "== build" && npx next build
echo "== e2e" && npx playwright test
