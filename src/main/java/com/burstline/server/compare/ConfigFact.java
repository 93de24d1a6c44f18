package com.burstline.server.compare;

import com.burstline.server.hostconfig.FactCatalog;
import com.burstline.server.hostconfig.HostRole;

/**
 * The configuration fact a comparison groups by: {@code fact=nic.mtu} is the SUT's MTU, {@code fact=peer:nic.mtu}
 * the peer's (names as docs/agent-protocol.md lists them).
 */
public record ConfigFact(HostRole role, String name) {
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z0-9_.*:@-]{1,120}");

    /** Null when not grouping by a fact; a 400 when grouping by one without naming it, or naming one wrongly. */
    static ConfigFact parse(String value, boolean grouping) {
        if (value == null) {
            if (grouping) {
                throw new InvalidSelectionException("groupBy=config needs fact=NAME, e.g. fact=nic.mtu (the SUT's) "
                        + "or fact=peer:nic.channels.combined (the peer's)");
            }
            return null;
        }
        if (!grouping) {
            throw new InvalidSelectionException("fact is for groupBy=config");
        }
        HostRole role = HostRole.SUT;
        String name = value;
        for (HostRole each : HostRole.values()) {
            if (value.startsWith(each.apiName() + ":")) {
                role = each;
                name = value.substring(each.apiName().length() + 1);
            }
        }
        if (!NAME.matcher(name).matches()) {
            throw new InvalidSelectionException("fact must be a configuration fact's name such as nic.mtu, not '"
                    + value + "'");
        }
        return new ConfigFact(role, name);
    }

    /** "MTU on the peer 9000"; "no MTU on the SUT" for runs whose host did not tell it. */
    String label(String group) {
        String what = FactCatalog.label(name) + " on " + role.words();
        return GroupBy.NONE.equals(group) ? "unknown " + what : what + " " + group;
    }

    /** How a qualified verdict names it: "not the MTU on the SUT alone". */
    String words() {
        return FactCatalog.label(name) + " on " + role.words();
    }
}
