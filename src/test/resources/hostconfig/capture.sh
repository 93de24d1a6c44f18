#!/usr/bin/env bash
# Captures what the agent's Linux configuration reader reads, as fixtures for its tests (see README.md):
# each command's stdout, stderr and exit code under DIR/cmd/, and a copy of the sysfs and procfs files it reads under
# DIR/sys and DIR/proc (an interface's "device" link kept as a link, relative to DIR).
#
#   capture.sh IF DIR        e.g. ip netns exec blcf-a capture.sh blcf-ta linux-veth
set -uo pipefail
nic=$1
out=$2
mkdir -p "$out/cmd"

capture() { # name command...
  local name=$1; shift
  "$@" >"$out/cmd/$name.out" 2>"$out/cmd/$name.err"
  echo $? >"$out/cmd/$name.exit"
}
capture ethtool-i ethtool -i "$nic"
capture ethtool-l ethtool -l "$nic"
capture ethtool-g ethtool -g "$nic"
capture ethtool-c ethtool -c "$nic"
capture ethtool-k ethtool -k "$nic"
capture ethtool-S ethtool -S "$nic"
capture tc-qdisc tc qdisc show dev "$nic"

copy() { # a file that cannot be read is left out, as the reader finds it
  local file=$1
  [ -r "$file" ] || return 0
  local content
  content=$(cat "$file" 2>/dev/null) || return 0
  mkdir -p "$out$(dirname "$file")"
  printf '%s\n' "$content" >"$out$file"
}

copy "/sys/class/net/$nic/mtu"
for queue in /sys/class/net/"$nic"/queues/*; do
  mkdir -p "$out$queue"
  for file in byte_queue_limits/limit_min byte_queue_limits/limit_max rps_cpus rps_flow_cnt xps_cpus; do
    copy "$queue/$file"
  done
done
if [ -e "/sys/class/net/$nic/device" ]; then
  device=$(readlink -f "/sys/class/net/$nic/device")
  mkdir -p "$out$device"
  ln -s "$(realpath --relative-to="$out/sys/class/net/$nic" "$out$device")" "$out/sys/class/net/$nic/device"
  for msi in "$device/msi_irqs" "$(dirname "$device")/msi_irqs"; do
    [ -d "$msi" ] || continue
    mkdir -p "$out$msi"
    for irq in "$msi"/*; do
      n=$(basename "$irq")
      : >"$out$msi/$n"
      copy "/proc/irq/$n/smp_affinity_list"
      for action in /proc/irq/"$n"/*/; do mkdir -p "$out${action%/}"; done
    done
  done
fi
for setting in net/core/rmem_max net/core/wmem_max net/core/rmem_default net/core/wmem_default \
    net/core/netdev_max_backlog net/core/busy_poll net/core/busy_read net/ipv4/tcp_rmem net/ipv4/tcp_wmem \
    net/ipv4/tcp_congestion_control net/ipv4/tcp_limit_output_bytes net/ipv4/tcp_autocorking \
    net/ipv4/tcp_mtu_probing kernel/osrelease; do
  copy "/proc/sys/$setting"
done
copy /proc/cpuinfo
copy /sys/devices/system/cpu/online
copy /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
copy /sys/module/tcp_cubic/parameters/hystart_detect
copy /sys/module/ena/parameters/force_large_llq_header
copy /sys/module/ena/parameters/enable_bql
find "$out" -type d -empty -exec touch {}/.keep \;
