#!/usr/bin/env bash
# npm test — every tier against real services: types, lint, architecture and the production build side by
# side, then the unit + integration tests, then the e2e tests on that build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# Other services' usual ports stay taken for the whole run: the tests must find free ones themselves.
node scripts/hold-ports.mjs &
holder=$!
out=$(mktemp -d)
trap 'kill $holder 2>/dev/null || true; rm -rf "$out"' EXIT

# Runs "name=command" jobs side by side and prints each one's output whole, in the order given, as each ends;
# fails when any failed. The static checks read the same files and touch no service, and the build writes only
# its own folder: together they take about the time of the slowest instead of the sum.
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

echo "== services, typecheck, lint, architecture, build"
# The build skips its own TypeScript pass (next.config.mjs, SWITCHBOARD_TYPES_CHECKED): tsc beside it checks
# the same files, and a type error fails this step either way. The services (an apt install of Chromium on a
# fresh machine: mostly waiting on the network and the disk) come up meanwhile; only the tests need them.
side_by_side "services=bash scripts/ensure-services.sh" "typecheck=npx tsc --noEmit" "lint=npx eslint . --max-warnings=0" \
  "architecture=npm run -s lint:arch" "build=SWITCHBOARD_TYPES_CHECKED=1 npx next build"
# The tests one tier after the other, each keeping both cores busy on its own: two files at a time in vitest
# (integration files share their worker's process), two e2e stacks (tests/e2e/support/env.ts). Side by side
# the tiers only crawled (after 18 minutes e2e had done 63 of its 105 tests), each waiting for the CPU the other held.
echo "== unit + integration" && npx vitest run
echo "== e2e" && npx playwright test
