#!/usr/bin/env bash
# Burstline's main job on the embedded default: builds the server if needed, starts it with H2 on disk in ./data,
# loads the real iperf3 sample runs plus one fresh loopback measurement, and leaves the dashboard running on
# http://localhost:8080 until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${BURSTLINE_PORT:-8080}
data_dir=${BURSTLINE_DATA_DIR:-$PWD/data}
base="http://127.0.0.1:$port"
mkdir -p "$data_dir"

if [ ! -f target/burstline.jar ] || [ -n "$(find pom.xml src frontend/src -newer target/burstline.jar -print -quit)" ]; then
  echo "Building the server (mvn package)..."
  mvn -B -q -ntp -DskipTests package
fi

java -jar target/burstline.jar --server.port="$port" --burstline.data-dir="$data_dir" >"$data_dir/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT INT TERM
echo "Starting the server (log: $data_dir/server.log)..."
until curl -fs "$base/actuator/health" >/dev/null 2>&1; do
  kill -0 $server 2>/dev/null || { echo "The server stopped; see $data_dir/server.log" >&2; exit 1; }
  sleep 1
done
token=$(cat "$data_dir/api-token" 2>/dev/null || true)

upload() { # file, content type, query
  curl -fsS -o /dev/null -w "%{http_code}" -X POST "$base/api/v1/runs?$3" -H "Authorization: Bearer $token" \
    -H "Content-Type: $2" --data-binary "@$1" || true
}
if [ -n "$token" ]; then
  for sample in src/test/resources/iperf3/iperf3-3*.json; do
    case "$sample" in *error*|*loopback*) continue ;; *-stream.json) type=application/x-ndjson ;; *) type=application/json ;; esac
    upload "$sample" "$type" "sut=ns-a&peer=ns-b&instanceType=t4g.large&driver=veth%20sample&tag=sample" >/dev/null
  done
  if command -v iperf3 >/dev/null; then
    echo "Measuring a first run on loopback with iperf3 (5 s)..."
    iperf3 -s -p 5299 -1 >/dev/null 2>&1 &
    sleep 0.5
    if iperf3 -c 127.0.0.1 -p 5299 -t 5 -i 1 -J >"$data_dir/first-run.json" 2>/dev/null; then
      upload "$data_dir/first-run.json" application/json "sut=$(hostname)&peer=localhost&driver=loopback&tag=first-run" >/dev/null
    fi
    wait 2>/dev/null || true
  fi
else
  echo "burstline.api-token is set outside the data dir; skipped loading sample runs."
fi

cat <<MSG

Burstline is running: $base/runs
  API docs:  $base/swagger-ui.html
  API token: $data_dir/api-token (sign in on the dashboard with it; curl: -H "Authorization: Bearer \$(cat $data_dir/api-token)")
  Stop with Ctrl-C.
MSG
wait $server
