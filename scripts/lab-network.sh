#!/usr/bin/env bash
# A two-host lab on one machine: network namespaces <lab>-a and <lab>-b joined by a veth pair shaped to 5 Gbit/s
# (a stand-in for two t4g instances: their "up to 5 Gbps"), plus a control link from this host into each, so that
# the server (here) reaches the agents (there) without crossing the shaped link.
#
#   scripts/lab-network.sh up|down|status
#
#   test link      <lab>-a: <net>.0.1/24  <->  <lab>-b: <net>.0.2/24   (tbf rate $BURSTLINE_LAB_RATE, default 5gbit)
#   control a      host:    <net>.1.1/24  <->  <lab>-a: <net>.1.2/24
#   control b      host:    <net>.2.1/24  <->  <lab>-b: <net>.2.2/24
#
# Settings: BURSTLINE_LAB (name prefix, default bl), BURSTLINE_LAB_NET (first two octets, default 10.77),
# BURSTLINE_LAB_RATE (default 5gbit). Needs root (or sudo) and iproute2.
set -euo pipefail

lab=${BURSTLINE_LAB:-bl}
net=${BURSTLINE_LAB_NET:-10.77}
rate=${BURSTLINE_LAB_RATE:-5gbit}
ns_a="$lab-a"
ns_b="$lab-b"
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
ip_() { sudo_if_needed ip "$@"; }

up() {
  down quietly
  ip_ netns add "$ns_a"
  ip_ netns add "$ns_b"
  ip_ -n "$ns_a" link set lo up
  ip_ -n "$ns_b" link set lo up

  ip_ link add "$lab-ta" type veth peer name "$lab-tb"
  ip_ link set "$lab-ta" netns "$ns_a"
  ip_ link set "$lab-tb" netns "$ns_b"
  ip_ -n "$ns_a" addr add "$net.0.1/24" dev "$lab-ta"
  ip_ -n "$ns_b" addr add "$net.0.2/24" dev "$lab-tb"
  ip_ -n "$ns_a" link set "$lab-ta" up
  ip_ -n "$ns_b" link set "$lab-tb" up
  sudo_if_needed tc -n "$ns_a" qdisc add dev "$lab-ta" root tbf rate "$rate" burst 1mb latency 50ms
  sudo_if_needed tc -n "$ns_b" qdisc add dev "$lab-tb" root tbf rate "$rate" burst 1mb latency 50ms

  control "$ns_a" "$lab-ca" 1
  control "$ns_b" "$lab-cb" 2
  echo "lab: $ns_a ($net.0.1, control $net.1.2) <-> $ns_b ($net.0.2, control $net.2.2), shaped to $rate"
}

# One veth from this host into a namespace: host side <net>.<n>.1, namespace side <net>.<n>.2.
control() {
  local ns=$1 host_if=$2 n=$3
  ip_ link add "$host_if" type veth peer name "$host_if-ns"
  ip_ link set "$host_if-ns" netns "$ns"
  ip_ addr add "$net.$n.1/24" dev "$host_if"
  ip_ link set "$host_if" up
  ip_ -n "$ns" addr add "$net.$n.2/24" dev "$host_if-ns"
  ip_ -n "$ns" link set "$host_if-ns" up
}

down() {
  for ns in "$ns_a" "$ns_b"; do
    if ip_ netns list | grep -qw "$ns"; then
      ip_ netns pids "$ns" 2>/dev/null | xargs -r sudo_if_needed kill 2>/dev/null || true
      ip_ netns del "$ns"
    fi
  done
  for link in "$lab-ca" "$lab-cb"; do
    ip_ link del "$link" 2>/dev/null || true
  done
  [ "${1:-}" = quietly ] || echo "lab: removed $ns_a and $ns_b"
}

status() {
  for ns in "$ns_a" "$ns_b"; do
    echo "== $ns"
    ip_ -n "$ns" -brief addr 2>/dev/null || echo "(absent)"
    sudo_if_needed tc -n "$ns" qdisc show 2>/dev/null | grep tbf || true
  done
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 1 ;;
esac
