#!/usr/bin/env bash
# Agent benchmark: jar size, time to register, idle memory beside a bare JDK daemon, and dispatch overhead per
# scenario, with the real server in-process and real agent processes running iperf3 on loopback. Prints figures;
# never fails on them. Options: --registrations=N --idle-seconds=S --samples=M --jobs=J --scenario-seconds=D
# (see AgentBenchmark). JVM flags for the benchmark JVM (the server) go in BENCH_JAVA_OPTS. Agents and the bare
# daemon start as the agent is launched (scripts/agent-jvm-options.sh, its environment and options, as
# scripts/start.sh and the README launch it), or as BURSTLINE_AGENT_JAVA_OPTS says (NAME=value words are environment
# variables; empty for the JVM's defaults).
set -euo pipefail
cd "$(dirname "$0")/.."

# The agent jar is measured and run as shipped, so it is built by package. A JVM of its own rather than exec:java
# inside Maven: its heap and flags are the benchmark's, not Maven's.
mvn -B -q -DskipTests package dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
# The benchmark JVM stops what it starts (server, agents, their iperf3, the bare daemon): try-with-resources on
# failure, a shutdown hook on Ctrl-C or kill.
export BURSTLINE_AGENT_JAVA_OPTS="${BURSTLINE_AGENT_JAVA_OPTS-$(scripts/agent-jvm-options.sh --env) $(scripts/agent-jvm-options.sh)}"
exec java ${BENCH_JAVA_OPTS:-} -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    com.burstline.bench.AgentBenchmark "$@"
