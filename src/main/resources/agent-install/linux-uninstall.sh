# Remove the Burstline agent {{name}} from this host (as root, or as a user who may sudo); then remove it on the
# Agents page too. Java, iperf3 and ethtool stay installed.
[ "$(id -u)" -eq 0 ] && as_root= || as_root=sudo
$as_root sh -s <<'BURSTLINE_UNINSTALL'
dir={{dir}}
if [ -d /run/systemd/system ]; then
  systemctl disable --now burstline-agent.service 2>/dev/null
fi
rm -f /etc/systemd/system/burstline-agent.service
[ -d /run/systemd/system ] && systemctl daemon-reload
if command -v firewall-cmd >/dev/null && firewall-cmd --state >/dev/null 2>&1; then
  firewall-cmd --permanent {{firewalldRemove}} >/dev/null 2>&1 && firewall-cmd --reload >/dev/null
fi
if command -v ufw >/dev/null && ufw status 2>/dev/null | grep -q '^Status: active'; then
{{ufwRemove}}
fi
rm -rf "$dir/state"
rm -f "$dir/burstline-agent.jar" "$dir/burstline-agent.jar.new" "$dir/agent.args" "$dir/join-token"
rmdir "$dir" 2>/dev/null
id -u burstline-agent >/dev/null 2>&1 && userdel burstline-agent
echo "The Burstline agent is removed from this host."
BURSTLINE_UNINSTALL
