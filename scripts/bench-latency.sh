#!/usr/bin/env bash
# Latency benchmark: the engine's UDP_RR beside sockperf ping-pong (Debian's sockperf: apt-get install sockperf) on
# loopback and across an unshaped veth between two namespaces (blla-ra, blla-rb, 10.115.60.0/24), interleaved:
# p50, p99 and transactions a second, engine ÷ sockperf (part "rr"); and the loaded-latency probe's effect on the
# throughput figure: iperf3 3.12, TCP 1 and 4 streams across the same pair shaped to 5 Gbit/s, with and without the
# agents' own probe beside it, in alternating order (part "probe"). Prints the load average; never fails on figures.
# Needs root.
#
#   flock /tmp/burstline-heavy.lock scripts/bench-latency.sh [rounds (3)] [seconds per run (5)] [parts (rr,probe)]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sockperf >/dev/null || { echo "bench-latency: sockperf is missing (apt-get install sockperf)" >&2; exit 1; }
mvn -B -q -DskipTests package dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
exec java -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    com.burstline.bench.LatencyBenchmark "$@"
