#!/usr/bin/env bash
# The tests, in two tiers. Installs what they need first (iperf3, Chromium, PostgreSQL, ...).
#   scripts/test.sh         the fast tier: unit tests, the Spring tests on H2 and PostgreSQL, the ITs tagged "fast"
#                           (a real agent job, a few engine <-> iperf3 cases) and the fast browser tests.
#   scripts/test.sh --full  both tiers, as CI runs them: then every other IT (the interop matrix, hostile peers,
#                           slow clients, kill -9, real-time schedules, shaped-link labs) and the other browser tests.
# Each tier prints its wall time when it passes.
set -euo pipefail
cd "$(dirname "$0")/.."

full=false
case "${1:-}" in
  --full) full=true ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--full]" >&2; exit 2 ;;
esac

elapsed() { printf '%dm %02ds' $(( (SECONDS - $1) / 60 )) $(( (SECONDS - $1) % 60 )); }

fast_start=$SECONDS
scripts/install-prerequisites.sh
scripts/start-test-postgres.sh
mvn -B -ntp verify
(cd frontend && npm ci --no-audit --no-fund --loglevel=error && npm test)
echo "fast tier: passed in $(elapsed $fast_start)"

if $full; then
  full_start=$SECONDS
  # iperf3 3.9, 3.18 and 3.22 for the interop matrix and the 3.9 agent lab (3.12 is the installed one).
  for suite in bullseye trixie sid; do
    scripts/get-iperf3.sh "$suite"
  done
  # The classes and jars are those the fast tier built; this pass runs only the ITs it left out.
  mvn -B -ntp -Pfull-tier failsafe:integration-test failsafe:verify
  (cd frontend && npm run test:full)
  echo "full tier: passed in $(elapsed $full_start)"
fi
