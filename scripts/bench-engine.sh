#!/usr/bin/env bash
# Engine benchmark: the native Java engine beside iperf3 3.12, interleaved, all four pairings (iperf3 alone, engine
# client to iperf3 server, iperf3 client to engine server, engine alone) on loopback (TCP -P 1 and -P 4, UDP at -b 0
# and at 1 Gbit/s) and across an unshaped veth between two namespaces (TCP -P 1 and -P 4; needs root), and (part
# "shaped", not run by default) UDP at 1 Gbit/s across the same veth shaped to 1 Gbit/s, for the loss, (part
# "tcp-shaped", not run by default) TCP -P 1 and -P 4 both ways and UDP at 0.9 of the link across the veth shaped
# to 1 and to 5 Gbit/s, an instance's limits, where a team measures, and (part
# "udp-shaped", not run by default) the UDP pacing comparison: 0.5x and 0.9x of a 1 Gbit/s-shaped veth, the engine
# sending to iperf3 and receiving from it beside iperf3 alone, with loss, drops at the receiver's socket and the
# per-interval spread of the sent and received rates (medians; run it with 3 rounds of 10 s). Prints
# received rate, loss, CPU per Gbit/s, the ratios to iperf3 alone, and the command that reproduces the run. Then the
# agent's lightness: jar size, and idle RSS of two agents after 100 engine scenarios beside the JVM's floor (a trivial
# Java program, a bare JDK HTTP daemon, and the same speaking HTTPS), all launched alike: BURSTLINE_AGENT_JAVA_OPTS,
# by default the agent's own environment and JVM options (scripts/agent-jvm-options.sh --env and without, as
# scripts/start.sh and the README launch it; set it empty for the JVM's defaults). NAME=value words in it are
# environment variables; variants separated by | are measured side by side in one run. With
# -XX:NativeMemoryTracking=summary among them it also saves where each process's memory lives (jcmd, smaps) under
# target/bench-memory/. BENCH_ENGINE_JAVA_OPTS (variants separated by |) adds pairings with the engine's JVM given
# those flags. BENCH_ENGINE_BUILDS=before=path/to/burstline-agent.jar[,label=jar…] adds other builds' two pairings
# to the same interleaved rounds (before and after in one run). BENCH_ENGINE_SCENARIOS='TCP -P 4[,TCP -P 1…]' keeps
# only the scenarios named. Never fails on figures.
#
#   flock /tmp/burstline-heavy.lock scripts/bench-engine.sh [rounds (2)] [seconds per run (5)] [parts (loopback,veth,agent; or shaped, tcp-shaped, udp-shaped)]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests package dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
export BURSTLINE_AGENT_JAVA_OPTS="${BURSTLINE_AGENT_JAVA_OPTS-$(scripts/agent-jvm-options.sh --env) $(scripts/agent-jvm-options.sh)}"
exec java -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    com.burstline.bench.EngineBenchmark "$@"
