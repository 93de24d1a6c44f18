#!/usr/bin/env bash
# Unpacks the iperf3 of a Debian suite (bullseye 3.9, trixie 3.18, sid 3.22) with its own loader and libraries under
# ${TMPDIR:-/tmp}/iperf3-SUITE/root and writes ${TMPDIR:-/tmp}/iperf3-SUITE/iperf3, a wrapper that runs it. The full
# test tier's interop matrix and 3.9 agent lab run against these (scripts/test.sh --full unpacks all three first); the
# tests never download anything themselves. Does nothing when the wrapper is there already. The mirror is the first
# Debian one in this machine's apt sources.
set -eu
suite=${1:?usage: scripts/get-iperf3.sh bullseye|trixie|sid}
dir=${TMPDIR:-/tmp}/iperf3-$suite
if [ -x "$dir/iperf3" ] && "$dir/iperf3" --version >/dev/null 2>&1; then
  exit 0
fi
case $suite in
  bullseye) libs="libssl1.1 libsctp1" ;;
  trixie|sid) libs="libssl3t64 libsctp1 libzstd1 zlib1g" ;;
  *) echo "unknown suite $suite: bullseye, trixie or sid" >&2; exit 2 ;;
esac
mirror=$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null \
  | grep -oE 'https?://[^ ]+/debian/?( |$)' | head -1 | tr -d ' ')
[ -n "$mirror" ] || { echo "no Debian mirror in this machine's apt sources" >&2; exit 1; }
rm -rf "$dir"
mkdir -p "$dir/lists/partial" "$dir/dl" "$dir/root"
echo "deb ${mirror%/} $suite main" > "$dir/sources.list"
apt_options=(-oDir::Etc::SourceList="$dir/sources.list" -oDir::Etc::SourceParts=/dev/null
  -oDir::State::Lists="$dir/lists" -oDir::State::status=/dev/null)
apt-get "${apt_options[@]}" update -qq
# shellcheck disable=SC2086
(cd "$dir/dl" && apt-get "${apt_options[@]}" download -qq iperf3 libiperf0 libc6 $libs)
for deb in "$dir"/dl/*.deb; do dpkg -x "$deb" "$dir/root"; done
root=$dir/root
loader=$(ls "$root"/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$root"/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 \
  2>/dev/null | head -1)
printf '#!/bin/sh\nexec %s --library-path %s/usr/lib/x86_64-linux-gnu:%s/lib/x86_64-linux-gnu %s/usr/bin/iperf3 "$@"\n' \
  "$loader" "$root" "$root" "$root" > "$dir/iperf3"
chmod +x "$dir/iperf3"
echo "iperf3 of $suite: $("$dir/iperf3" --version | head -1)"
