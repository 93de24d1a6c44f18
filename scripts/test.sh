#!/usr/bin/env bash
# Runs every test: unit and Spring tests on H2, integration tests against real PostgreSQL, iperf3 and network
# namespaces (*IT), and the browser tests in headless Chromium. Installs what they need first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-prerequisites.sh
scripts/start-test-postgres.sh
mvn -B -ntp verify
(cd frontend && npm ci --no-audit --no-fund --loglevel=error && npm test)
