#!/usr/bin/env bash
# npm test — every tier against real services: types, lint, unit, integration, and e2e on the production build.
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
# Two lanes side by side, each keeping about one of the two cores busy: unit + integration (one file at a
# time here), and the production build followed by e2e. One after the other they took 10 + 1.5 + 15 min,
# more than CI's 30. They share no database, Redis db, port or pub/sub channel (tests/integration/support/
# workers.ts, tests/e2e/support/env.ts, server/redis.ts pubSubScope). Each line says which lane wrote it;
# the run fails if either lane does.
echo "== unit + integration [vitest], beside build + e2e [e2e]"
( set -o pipefail; TEST_WORKERS="${TEST_WORKERS:-1}" npx vitest run 2>&1 | sed -u 's/^/[vitest] /' ) & vitest_pid=$!
( set -o pipefail; { echo "== build"; npx next build && echo "== e2e" && npx playwright test; } 2>&1 | sed -u 's/^/[e2e] /' ) & e2e_pid=$!
failed=0
wait $vitest_pid && echo "-- unit + integration: ok" || { echo "-- unit + integration: FAILED"; failed=1; }
wait $e2e_pid && echo "-- build + e2e: ok" || { echo "-- build + e2e: FAILED"; failed=1; }
exit $failed
