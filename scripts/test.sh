#!/usr/bin/env bash
# npm test — every tier against real services: types, lint, architecture and the production build, then the
# unit + integration tests and the e2e tests on that build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

bash scripts/ensure-services.sh
# Other services' usual ports stay taken for the whole run: the tests must find free ones themselves.
node scripts/hold-ports.mjs &
holder=$!
out=$(mktemp -d)
trap 'kill $holder 2>/dev/null || true; rm -rf "$out"' EXIT

# Runs "name=command" jobs side by side and prints each one's output whole, in the order given, as each ends;
# fails when any failed. Side by side because the two cores mostly wait: the static checks read the same files
# and touch no service, and the tests mostly wait on Postgres, Redis and the processes they start. Each test
# tier has a world of its own (databases, Redis dbs, free ports, upload folders), so they never meet.
side_by_side() {
  local pids=() names=() failed=0
  for job in "$@"; do
    names+=("${job%%=*}")
    bash -c "${job#*=}" >"$out/${job%%=*}" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then echo "-- ${names[$i]}: ok"; else echo "-- ${names[$i]}: FAILED"; failed=1; fi
    cat "$out/${names[$i]}"
  done
  return $failed
}

echo "== typecheck, lint, architecture, build"
# The build skips its own TypeScript pass (next.config.mjs, SWITCHBOARD_TYPES_CHECKED): tsc beside it checks
# the same files, and a type error fails this step either way.
side_by_side "typecheck=npx tsc --noEmit" "lint=npx eslint . --max-warnings=0" "architecture=npm run -s lint:arch" \
  "build=SWITCHBOARD_TYPES_CHECKED=1 npx next build"
echo "== unit + integration, and e2e on the build"
side_by_side "unit + integration=npx vitest run" "e2e=npx playwright test"
