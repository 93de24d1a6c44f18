#!/usr/bin/env bash
# The agent's JVM options on one line, for `java $(scripts/agent-jvm-options.sh) -jar burstline-agent.jar ...`, and
# with --env the environment to launch it in (`env $(scripts/agent-jvm-options.sh --env) java ...`);
# scripts/start.sh launches its agents with both and scripts/bench-engine.sh measures them. They live, with why each
# is there, in src/main/resources/agent-jvm-options.conf, which the server's install commands read too.
set -euo pipefail
conf="$(dirname "$0")/../src/main/resources/agent-jvm-options.conf"
if [ "${1-}" = "--env" ]; then
  sed -n 's/^linux-env //p' "$conf" | paste -sd' ' -
  exit 0
fi
options=$(sed -n 's/^option //p' "$conf" | paste -sd' ' -)
# Only where this java knows it: an older one would refuse to start with it.
while read -r trim; do
  if java "$trim" -version >/dev/null 2>&1; then
    options="$options $trim"
  fi
done < <(sed -n 's/^linux-trim //p' "$conf")
echo "$options"
