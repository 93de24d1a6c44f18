#!/usr/bin/env bash
# Installs the outside parts that Burstline's tests and demo use, from Debian's packages, when they are missing:
# iperf3 (the measuring tool), curl (scripts/start.sh), iproute2 and ethtool (network namespaces, NIC facts), Chromium (browser tests),
# PostgreSQL (the team profile), and sudo and systemd's systemd-analyze (LinuxInstallBlockIT pastes the Agents page's
# Linux block as a user who may sudo and verifies the unit it writes). Needs root or sudo; does nothing when everything is there. With arguments, only
# those commands (scripts/start.sh asks for "iperf3" alone).
set -euo pipefail

wanted=(iperf3:iperf3 curl:curl ip:iproute2 ethtool:ethtool tc:iproute2 chromium:chromium sudo:sudo
  systemd-analyze:systemd setpriv:util-linux)
missing_packages=()
for pair in "${wanted[@]}"; do
  if [ $# -gt 0 ] && [[ " $* " != *" ${pair%%:*} "* ]]; then continue; fi
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing_packages+=("${pair#*:}")
done
if [ $# -eq 0 ] && ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  missing_packages+=(postgresql)
fi
packages=$(printf '%s\n' "${missing_packages[@]}" | sed '/^$/d' | sort -u | tr '\n' ' ' | sed 's/ $//')
if [ -z "$packages" ]; then
  echo "prerequisites: all present"
  exit 0
fi

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
echo "prerequisites: installing $packages"
sudo_if_needed apt-get update -qq
# iperf3's package asks whether to start a daemon; the tests start their own servers.
echo "iperf3 iperf3/start_daemon boolean false" | sudo_if_needed debconf-set-selections
# shellcheck disable=SC2086
sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >/dev/null
echo "prerequisites: installed"
