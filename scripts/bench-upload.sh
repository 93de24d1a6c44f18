#!/usr/bin/env bash
# Upload throughput benchmark: end-to-end HTTP uploads beside parse-only and plain JDBC batch limits, one run, one
# database. Prints figures; never fails on speed. Options: --uploads=N --clients=K --warmup=W (see UploadBenchmark).
# JVM flags for the benchmark JVM (server and clients share it) go in BENCH_JAVA_OPTS.
set -euo pipefail
cd "$(dirname "$0")/.."

# A JVM of its own rather than exec:java inside Maven: its heap and flags are the benchmark's, not Maven's.
mvn -B -q -DskipTests test-compile dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
exec java ${BENCH_JAVA_OPTS:-} -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    com.burstline.bench.UploadBenchmark "$@"
