#!/usr/bin/env bash
# What a team feels (issue #23), one mode per goal; each prints its figures and never fails on them:
#   dispatch  overhead per scenario of a 6 x 2 s job between two loopback agents (AgentBenchmark's dispatch part)
#   uploads   8 clients uploading distinct real runs on durable H2 and PostgreSQL, heartbeats and pages beside
#   long      a real 240 s, 0.1 s, 8-stream run beside a 30 s one: import per row, run page, analysis
#   fleet     500 simulated agents and 50 jobs on real loopback agents: heartbeats, dispatch, pages, heap, threads
#   replicas  two servers beside one on PostgreSQL: jobs per minute with 20 simulated agent pairs, pages under load
# Options after the mode go to its benchmark (--help-like usage on a wrong one). Holds the machine's shared heavy
# lock (/tmp/burstline-heavy.lock) for the whole run. JVM flags for the benchmark JVM (the server) go in
# BENCH_JAVA_OPTS; agents start as scripts/agent-jvm-options.sh launches them, or as BURSTLINE_AGENT_JAVA_OPTS says.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${BURSTLINE_HEAVY_LOCK_HELD:-}" ]]; then
    exec env BURSTLINE_HEAVY_LOCK_HELD=1 flock /tmp/burstline-heavy.lock "$0" "$@"
fi
mode="${1:-}"
shift || true
case "$mode" in
    dispatch) main=com.burstline.bench.AgentBenchmark; set -- --parts=dispatch --jobs=3 --probe-jobs=1 "$@" ;;
    uploads) main=com.burstline.bench.UploadLoadBenchmark ;;
    long) main=com.burstline.bench.LongRunBenchmark ;;
    fleet) main=com.burstline.bench.FleetBenchmark ;;
    replicas) main=com.burstline.bench.ReplicasBenchmark ;;
    *) echo "usage: scripts/bench-team.sh dispatch|uploads|long|fleet|replicas [options of that benchmark]" >&2; exit 1 ;;
esac

# JVMs of their own rather than exec:java inside Maven: heap and flags are the benchmark's, not Maven's. Agents
# run as shipped, so package builds the agent jar.
mvn -B -q -DskipTests package dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
if [[ "$mode" == replicas || "$mode" == uploads && " $* " != *" --database=h2 "* ]]; then
    scripts/start-test-postgres.sh
fi
uptime
export BURSTLINE_AGENT_JAVA_OPTS="${BURSTLINE_AGENT_JAVA_OPTS-$(scripts/agent-jvm-options.sh --env) $(scripts/agent-jvm-options.sh)}"
exec java ${BENCH_JAVA_OPTS:-} -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" "$main" "$@"
