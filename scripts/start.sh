#!/usr/bin/env bash
# Burstline's main job on the embedded default: builds what is needed, starts the server (H2 on disk in ./data) and
# two local agents, loads the real iperf3 sample runs, and starts a first run of the standard plan between the
# agents, which the dashboard shows live. Stays in the foreground until Ctrl-C, then stops everything it started.
#
# As root with iproute2, the agents live in two network namespaces joined by a veth pair shaped to 5 Gbit/s
# (scripts/lab-network.sh: a stand-in for two t4g.large); otherwise, or with BURSTLINE_LOOPBACK=1, both run on
# loopback, unshaped.
#
# Instances are independent: BURSTLINE_PORT (default 8080) chooses the server's port, and from it the data dir
# (./data for 8080, else ./data-PORT; BURSTLINE_DATA_DIR chooses another), the lab's namespace names (bl<PORT>-a,
# bl<PORT>-b; BURSTLINE_LAB chooses another prefix) and its subnet (10.<128 + PORT % 128>.0.0/16; BURSTLINE_LAB_NET
# chooses other first two octets). A second instance on another port never touches the first's lab or agents.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${BURSTLINE_PORT:-8080}
# the server's HTTPS listener for agents, whose self-signed certificate the agents pin (8443 beside 8080)
agents_port=${BURSTLINE_AGENTS_TLS_PORT:-$((port + 363))}
if [ "$port" = 8080 ]; then data_dir=${BURSTLINE_DATA_DIR:-$PWD/data}; else data_dir=${BURSTLINE_DATA_DIR:-$PWD/data-$port}; fi
export BURSTLINE_LAB=${BURSTLINE_LAB:-bl$port}
export BURSTLINE_LAB_NET=${BURSTLINE_LAB_NET:-10.$((128 + port % 128))}
first_run_seconds=${BURSTLINE_FIRST_RUN_SECONDS:-5}
base="http://127.0.0.1:$port"
mkdir -p "$data_dir/agents"
pids=()
lab_up=no

stop_all() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ "$lab_up" = yes ] && scripts/lab-network.sh down >/dev/null 2>&1 || true
}
trap stop_all EXIT
trap 'exit 130' INT TERM

# A fresh machine: say in one line what is missing that we may not install ourselves.
need() { echo "scripts/start.sh: $1" >&2; exit 1; }
# Another instance's port or lab is never taken over: its agents would go offline while their processes run on.
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  need "port $port is in use (another Burstline?): choose another with BURSTLINE_PORT=..."
fi
if (exec 3<>"/dev/tcp/127.0.0.1/$agents_port") 2>/dev/null; then
  need "port $agents_port (the agents' HTTPS listener) is in use: choose another with BURSTLINE_AGENTS_TLS_PORT=..."
fi
command -v java >/dev/null || need "Java is missing: install JDK 17 or newer (e.g. 'apt-get install openjdk-17-jdk'), then run this again."
java_major=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
[ "${java_major%%.*}" -ge 17 ] 2>/dev/null || need "Java ${java_major:-?} is too old: install JDK 17 or newer, then run this again."
for tool in iperf3 curl; do
  command -v "$tool" >/dev/null && continue
  # Installing is ours to do where we may: as root, or with sudo that asks no password.
  if command -v apt-get >/dev/null && { [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null; }; then
    echo "$tool is missing: installing it from Debian's packages..."
    scripts/install-prerequisites.sh "$tool" >/dev/null
  fi
  command -v "$tool" >/dev/null || need "$tool is missing: install it (e.g. 'sudo apt-get install $tool' or 'brew install $tool'), then run this again."
done
# ethtool tells the agents the NIC's driver; without it they read sysfs and say when nothing tells.
if ! command -v ethtool >/dev/null && command -v apt-get >/dev/null \
   && { [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null; }; then
  echo "ethtool is missing: installing it from Debian's packages (it tells the agents the NIC's driver)..."
  scripts/install-prerequisites.sh ethtool >/dev/null || echo "ethtool could not be installed: runs say why their driver is unknown."
fi

if [ ! -f target/burstline.jar ] || [ ! -f target/burstline-agent.jar ] \
   || [ -n "$(find pom.xml src frontend/src -newer target/burstline.jar -print -quit)" ]; then
  command -v mvn >/dev/null || need "Maven is missing: install Maven 3.9 or newer (e.g. 'apt-get install maven'), then run this again."
  echo "Building the server and the agent (mvn package; the first build downloads dependencies)..."
  mvn -B -q -ntp -DskipTests package
fi
# Where the agents live: the shaped lab when we may build it, else loopback.
lab=$BURSTLINE_LAB; net=$BURSTLINE_LAB_NET
# Taken: a namespace of this lab with processes in it, or its subnet on this host without this lab's namespaces (a
# lab left behind by a stopped instance, with no process left, is removed by lab-network.sh up).
lab_taken() {
  local ns
  for ns in "$lab-a" "$lab-b"; do
    ip netns list 2>/dev/null | grep -qE "^$ns( |$)" || continue
    [ -n "$(ip netns pids "$ns" 2>/dev/null)" ] && return 0
  done
  ! ip netns list 2>/dev/null | grep -qE "^$lab-a( |$)" && ip -4 -o addr show 2>/dev/null | grep -qF " inet $net."
}
server_options=()
if [ "${BURSTLINE_LOOPBACK:-0}" != 1 ] && [ "$(id -u)" -eq 0 ] && command -v ip >/dev/null; then
  lab_taken && need "the lab $lab ($net.0.0/16) is in use by another instance: choose another BURSTLINE_LAB and BURSTLINE_LAB_NET (or BURSTLINE_PORT)"
  scripts/lab-network.sh up >/dev/null 2>&1 && lab_up=yes
fi
if [ "$lab_up" = yes ]; then
  note="Agents lab-a and lab-b run in two network namespaces ($lab-a, $lab-b) joined by a veth pair shaped to 5 Gbit/s (a stand-in for two t4g.large)."
  server_for_a="https://$net.1.1:$agents_port"; server_for_b="https://$net.2.1:$agents_port"
  agent_a=(ip netns exec "$lab-a"); agent_b=(ip netns exec "$lab-b")
  listen_a=$net.1.2:7701; listen_b=$net.2.2:7701; test_a=$net.0.1; test_b=$net.0.2
else
  note="Agents lab-a and lab-b run on loopback: no shaping, so the figures are this machine's, not a network's (run as root for the shaped lab)."
  server_for_a="https://127.0.0.1:$agents_port"; server_for_b="$server_for_a"
  agent_a=(); agent_b=()
  # any free port for each agent, and iperf3 ports of this instance's own, so that instances share nothing
  listen_a=127.0.0.1:0; listen_b=127.0.0.1:0; test_a=127.0.0.1; test_b=127.0.0.1
  server_options=(--burstline.jobs.iperf3-port=$((20000 + port % 4000 * 10)))
fi

# The local agents enroll with the shared enrollment token, which the server honours only when it is chosen: this
# script chooses one, kept owner-only in the data dir (hosts elsewhere get join tokens from the Agents page).
if [ ! -s "$data_dir/agent-token" ]; then
  (umask 077 && head -c 32 /dev/urandom | base64 | tr -d '/+=\n' >"$data_dir/agent-token")
fi

java -jar target/burstline.jar --server.port="$port" --burstline.data-dir="$data_dir" \
  --burstline.agents.tls.port="$agents_port" --burstline.environment-note="$note" "${server_options[@]}" >"$data_dir/server.log" 2>&1 &
pids+=($!)
echo "Starting the server (log: $data_dir/server.log)..."
until curl -fs "$base/actuator/health" >/dev/null 2>&1; do
  kill -0 "${pids[0]}" 2>/dev/null || { echo "The server stopped; see $data_dir/server.log" >&2; exit 1; }
  sleep 1
done
api_token=$(cat "$data_dir/api-token")
# the certificate of the HTTPS listener for agents, as the server logged it: the agents pin it
server_fingerprint=$(sed -n 's/.*Agents are served over HTTPS.*certificate SHA-256 \([0-9A-F:]*\)).*/\1/p' \
  "$data_dir/server.log" | head -1)

# The agent's own JVM options and environment (what keeps it small between tests); BURSTLINE_AGENT_JAVA_OPTS and
# BURSTLINE_AGENT_ENV replace them.
read -r -a agent_java_opts <<<"${BURSTLINE_AGENT_JAVA_OPTS-$(scripts/agent-jvm-options.sh)}"
read -r -a agent_env <<<"${BURSTLINE_AGENT_ENV-$(scripts/agent-jvm-options.sh --env)}"
start_agent() { # name, listen, test address, server url, command prefix...
  local name=$1 listen=$2 test_address=$3 server=$4; shift 4
  "$@" env "${agent_env[@]}" java "${agent_java_opts[@]}" -jar target/burstline-agent.jar --server "$server" \
    --server-fingerprint "$server_fingerprint" --token-file "$data_dir/agent-token" --name "$name" \
    --listen "$listen" --test-address "$test_address" --instance-type t4g.large \
    --spool "$data_dir/agents/$name" >"$data_dir/agents/$name.log" 2>&1 &
  pids+=($!)
}
start_agent lab-a "$listen_a" "$test_a" "$server_for_a" "${agent_a[@]}"
start_agent lab-b "$listen_b" "$test_b" "$server_for_b" "${agent_b[@]}"
echo "Starting agents lab-a and lab-b..."
for name in lab-a lab-b; do
  for _ in $(seq 1 60); do
    curl -fs -H "Authorization: Bearer $api_token" "$base/api/v1/agents/$name" 2>/dev/null \
      | grep -q '"online":true' && break
    sleep 1
  done
done

upload() { # file, content type, query
  curl -fsS -o /dev/null -X POST "$base/api/v1/runs?$3" -H "Authorization: Bearer $api_token" \
    -H "Content-Type: $2" --data-binary "@$1" || true
}
for sample in src/test/resources/iperf3/iperf3-3*.json; do
  case "$sample" in *error*|*loopback*) continue ;; *-stream.json) type=application/x-ndjson ;; *) type=application/json ;; esac
  upload "$sample" "$type" "sut=ns-a&peer=ns-b&instanceType=t4g.large&driver=veth%20sample&tag=sample"
done

job=$(curl -fsS -X POST "$base/api/v1/jobs" -H "Authorization: Bearer $api_token" -H "Content-Type: application/json" \
  -d "{\"sut\": \"lab-a\", \"peer\": \"lab-b\", \"plan\": \"standard\", \"durationSeconds\": $first_run_seconds, \"tags\": [\"first-run\"]}" \
  | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2) || job=""

if [ -n "$job" ]; then
  first_run="http://localhost:$port/jobs/$job (the standard plan, $first_run_seconds s per scenario, live)"
else
  first_run="could not be started; see $data_dir/server.log"
fi
cat <<MSG

Burstline is running: http://localhost:$port/
  $note
  First run:  $first_run
  Agents:     http://localhost:$port/agents      Runs: http://localhost:$port/runs
  API docs:   http://localhost:$port/swagger-ui.html
  Sign in:    http://localhost:$port/login as admin, password in $data_dir/admin-password
              (created on the first start; add users and tokens under Admin)
  API token:  $data_dir/api-token (bootstrap admin token; curl: -H "Authorization: Bearer \$(cat $data_dir/api-token)")
  Stop with Ctrl-C.
MSG
wait "${pids[0]}"
