#!/usr/bin/env bash
# Upload benchmark: end-to-end HTTP uploads (from the JDK's HttpClient, and again from cheap socket clients, each
# row's CPU split by thread) beside parse-only and plain JDBC batch limits, one run, one database
# (options: --uploads=N --clients=K --warmup=W --rounds=R --samples=REGEX --database=h2|postgres, see Options; with
# postgres it starts the test cluster, scripts/start-test-postgres.sh); then the
# reliability report (hostile corpus by class, kill -9 mid-storm, storm throughput and p99, slow-connection
# capacity of server and agent) against the real jars. Prints figures; never fails on them.
#   BENCH_RELIABILITY=0 skips the report, BENCH_THROUGHPUT=0 the throughput part; BENCH_KILLS=N kill -9 rounds (2);
#   BENCH_RELIABILITY_PARTS="hostile crash storm slow" (the default) chooses the report's parts.
# JVM flags for the throughput JVM (server and clients share it) go in BENCH_JAVA_OPTS, e.g. -Dburstline.x=y to
# measure a setting side by side. It holds the machine's
# shared heavy lock (/tmp/burstline-heavy.lock) for the whole run.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${BURSTLINE_HEAVY_LOCK_HELD:-}" ]]; then
    exec env BURSTLINE_HEAVY_LOCK_HELD=1 flock /tmp/burstline-heavy.lock "$0" "$@"
fi

# JVMs of their own rather than exec:java inside Maven: heap and flags are the benchmark's, not Maven's. The
# reliability report starts target/burstline.jar and target/burstline-agent.jar, so package builds them.
mvn -B -q -DskipTests package dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
classpath="target/test-classes:target/classes:$(cat target/bench-classpath.txt)"
if [[ " $* " == *" --database=postgres "* || "${BENCH_DATABASE:-}" == postgres ]]; then
    scripts/start-test-postgres.sh
fi
if [[ "${BENCH_THROUGHPUT:-1}" != 0 ]]; then
    java ${BENCH_JAVA_OPTS:-} -cp "$classpath" com.burstline.bench.UploadBenchmark "$@"
fi
if [[ "${BENCH_RELIABILITY:-1}" != 0 ]]; then
    java -cp "$classpath" com.burstline.server.run.ReliabilityReport "${BENCH_KILLS:-2}" ${BENCH_RELIABILITY_PARTS:-}
fi
