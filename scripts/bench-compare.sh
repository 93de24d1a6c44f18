#!/usr/bin/env bash
# Compare and report benchmark: the same 100-run selection timed over HTTP on a database of 100 runs and of
# 10,000 runs (over a million interval rows). Prints figures; never fails on speed. Options: --runs=N --selected=M
# --repeat=R --postgres (a fresh schema on BURSTLINE_TEST_POSTGRES_URL). JVM flags go in BENCH_JAVA_OPTS.
# --trend runs the trend benchmark instead: one pair's history of 1,000 runs beside one of 10,000 (--small=M,
# --runs=N), the whole history and the newest 1,000 (the default window) requested from each.
set -euo pipefail
cd "$(dirname "$0")/.."

# A JVM of its own rather than exec:java inside Maven: its heap and flags are the benchmark's, not Maven's.
mvn -B -q -DskipTests test-compile dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
main=com.burstline.bench.CompareBenchmark
args=()
for arg in "$@"; do
  if [[ $arg == --trend ]]; then main=com.burstline.bench.TrendBenchmark; else args+=("$arg"); fi
done
exec java ${BENCH_JAVA_OPTS:-} -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    "$main" "${args[@]}"
