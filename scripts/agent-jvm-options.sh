#!/usr/bin/env bash
# The agent's JVM options on one line, for `java $(scripts/agent-jvm-options.sh) -jar burstline-agent.jar ...`, and
# with --env the environment to launch it in (`env $(scripts/agent-jvm-options.sh --env) java ...`);
# scripts/start.sh launches its agents with both and scripts/bench-engine.sh measures them (docs/benchmarks.md,
# "Agent lightness"). They keep an agent small between tests without slowing its engine:
# - SerialGC with a 16 MiB initial heap: the agent's live heap is about 12 MiB; the default (G1, initial heap 1/64 of
#   RAM) lets every young collection touch fresh regions, so an idle agent's heap creeps towards the whole initial
#   heap. The maximum heap stays the JVM's default, so a long test's report still fits.
# - TrimNativeHeapInterval: glibc keeps what the JIT compilers' arenas and the engine's buffers freed in per-thread
#   arenas (about 20 MiB after 100 engine tests); trimming every 5 s gives it back. Only where this java knows the
#   option (17.0.11 and newer): an older one would refuse to start with it.
# - MALLOC_ARENA_MAX=2 (environment, glibc): at most two malloc arenas instead of eight per core, so that the threads
#   each test starts anew do not scatter small allocations over arenas that trimming cannot give back (2-4 MiB less
#   after 100 engine tests). Not the client compiler alone (-XX:TieredStopAtLevel=1, 14 MiB less): it slowed the
#   engine's UDP sender at full rate (docs/benchmarks.md, "Agent lightness").
set -euo pipefail
if [ "${1-}" = "--env" ]; then
  echo "MALLOC_ARENA_MAX=2"
  exit 0
fi
options="-XX:+UseSerialGC -Xms16m"
if java -XX:TrimNativeHeapInterval=5000 -version >/dev/null 2>&1; then
  options="$options -XX:TrimNativeHeapInterval=5000"
fi
echo "$options"
