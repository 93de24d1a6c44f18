#!/usr/bin/env bash
# Engine benchmark: the native Java engine beside iperf3 3.12 on loopback, interleaved, both pairings (engine client
# to iperf3 server and iperf3 client to engine server, plus iperf3 alone and engine alone): TCP -P 1 and -P 4, UDP
# at -b 0 and at 1 Gbit/s. Prints received rate, loss, CPU per Gbit/s, the ratios to iperf3 alone, and the command
# that reproduces the run. Never fails on figures.
#
#   flock /tmp/burstline-heavy.lock scripts/bench-engine.sh [rounds (default 2)] [seconds per run (default 5)]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests package dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
exec java -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    com.burstline.bench.EngineBenchmark "$@"
