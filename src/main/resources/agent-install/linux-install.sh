# Burstline agent {{name}} on {{distribution}}: paste into a shell on the host, as root or as a user who may sudo.
# Root only installs (packages, a system user, files, the systemd unit); the agent measures as its own unprivileged
# user: iperf3 or its engine, ethtool -S for ENA's counters and sysfs need no privilege.
[ "$(id -u)" -eq 0 ] && as_root= || as_root=sudo
$as_root sh -s <<'BURSTLINE_INSTALL'
set -eu
name={{nameSh}}
dir={{dir}}
user=burstline-agent
unit=/etc/systemd/system/burstline-agent.service
echo "Installing the Burstline agent $name into $dir"

# 1. Java 17 or newer, iperf3, ethtool and curl: from the distribution's packages, each only when missing.
java_ok() {
  v=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  [ "${v%%.*}" -ge 17 ] 2>/dev/null
}
find_java() {
  for j in "$(command -v java || true)" /usr/lib/jvm/*/bin/java; do
    if [ -x "$j" ] && java_ok "$j"; then echo "$j"; return 0; fi
  done
  return 1
}
packages=
find_java >/dev/null || packages=JAVA
for tool in iperf3 ethtool curl; do command -v "$tool" >/dev/null || packages="$packages $tool"; done
if [ -n "$packages" ]; then
{{packageStep}}
fi
java=$(find_java) || { echo "No Java 17 or newer after installing: install one, then paste this again." >&2; exit 1; }
case "$java" in *[!A-Za-z0-9._/+-]*) echo "Java's path $java does not fit a systemd unit as it is." >&2; exit 1 ;; esac
command -v iperf3 >/dev/null || echo "No iperf3 here: the agent measures every scenario with its own engine."

# 2. A system user of its own, with no shell and no login, that the agent runs as.
id -u "$user" >/dev/null 2>&1 || useradd --system --user-group --no-create-home --home-dir "$dir" \
  --shell /usr/sbin/nologin "$user"

# 3. The directory: the jar and its arguments are root's; the join token and state/ (the spool, the agent's own
#    secret and TLS key) are the agent's alone.
install -d -m 0755 "$dir"
install -d -m 0700 -o "$user" -g "$user" "$dir/state"
install -m 0600 -o "$user" -g "$user" /dev/null "$dir/join-token"
printf '%s\n' {{token}} > "$dir/join-token"

# 4. The agent jar from this server, checked against the SHA-256 the Agents page showed; a refusal says the
#    server's reason (a join token already used or revoked), not only its status.
status=$(printf 'Authorization: Bearer %s\n' {{token}} \
  | curl -sS -H @- -o "$dir/burstline-agent.jar.new" -w '%{http_code}' {{jarUrl}})
if [ "$status" != 200 ]; then
  reason=$(sed -n 's/.*"detail" *: *"\([^"]*\)".*/\1/p' "$dir/burstline-agent.jar.new" | head -c 500)
  rm -f "$dir/burstline-agent.jar.new"
  echo "The server refused the agent jar (HTTP $status)${reason:+: $reason}. Nothing was started." >&2
  exit 1
fi
if ! printf '%s  %s\n' {{sha256}} "$dir/burstline-agent.jar.new" | sha256sum -c --status -; then
  rm -f "$dir/burstline-agent.jar.new"
  echo "The agent jar does not have the SHA-256 the server showed: nothing was started." >&2
  exit 1
fi
chmod 0644 "$dir/burstline-agent.jar.new"
mv -f "$dir/burstline-agent.jar.new" "$dir/burstline-agent.jar"

# 5. The agent's arguments (a java @-file) and the systemd unit: the agent's own JVM options, restarted when it
#    fails, started at boot, hardened as far as measuring allows.
printf '%s\n' {{arguments}} > "$dir/agent.args"
chmod 0644 "$dir/agent.args"
jvm_options={{jvmOptions}}
for option in {{linuxTrim}}; do
  "$java" "$option" -version >/dev/null 2>&1 && jvm_options="$jvm_options $option"
done
cat > "$unit" <<UNIT
[Unit]
Description=Burstline agent
Wants=network-online.target
After=network-online.target

[Service]
Type=exec
User=$user
Group=$user
WorkingDirectory=$dir
{{environment}}
ExecStart=$java $jvm_options @agent.args
Restart=on-failure
RestartSec=5
NoNewPrivileges=yes
CapabilityBoundingSet=
ProtectSystem=strict
ReadWritePaths=$dir/state
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX AF_NETLINK
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes

[Install]
WantedBy=multi-user.target
UNIT
chmod 0644 "$unit"

# 6. Open the agent's ports where firewalld or ufw guards this host: {{ports}}.
if command -v firewall-cmd >/dev/null && firewall-cmd --state >/dev/null 2>&1; then
  firewall-cmd --permanent {{firewalldPorts}} >/dev/null && firewall-cmd --reload >/dev/null
fi
if command -v ufw >/dev/null && ufw status 2>/dev/null | grep -q '^Status: active'; then
{{ufwPorts}}
fi

# 7. Start it now and at every boot; it enrolls with the join token on its first start.
if [ -d /run/systemd/system ]; then
  started=$(date '+%Y-%m-%d %H:%M:%S')
  systemctl daemon-reload
  systemctl enable burstline-agent.service
  systemctl restart burstline-agent.service  # a running agent (pasted again) starts anew with what is here now
  for _ in $(seq 1 30); do
    if journalctl -u burstline-agent.service --since "$started" -o cat 2>/dev/null | grep -q 'Registered with'; then
      echo "The agent $name has enrolled and is online: see the Agents page."
      exit 0
    fi
    sleep 2
  done
  echo "The agent has not registered within 60 s: see journalctl -u burstline-agent" >&2
  exit 1
fi
echo "systemd is not running here: start the agent as the unit would, as $user in $dir: $java $jvm_options @agent.args"
BURSTLINE_INSTALL
