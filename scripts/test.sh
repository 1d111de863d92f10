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
# The three static checks read the same files and touch no service: side by side they take the time of the
# slowest (tsc) instead of the sum. Each one's output is printed whole, in order, and any failure stops the run.
echo "== typecheck, lint, architecture"
checks=$(mktemp -d)
npx tsc --noEmit >"$checks/typecheck" 2>&1 & tsc_pid=$!
npx eslint . --max-warnings=0 >"$checks/lint" 2>&1 & lint_pid=$!
npm run -s lint:arch >"$checks/architecture" 2>&1 & arch_pid=$!
failed=0
for check in typecheck:$tsc_pid lint:$lint_pid architecture:$arch_pid; do
  name=${check%%:*}
  if wait "${check##*:}"; then echo "-- $name: ok"; else echo "-- $name: FAILED"; failed=1; fi
  cat "$checks/$name"
done
rm -rf "$checks"
[ $failed = 0 ] || exit 1
echo "== unit + integration" && npx vitest run
echo "== build" && npx next build
echo "== e2e" && npx playwright test
