package com.burstline.agent;

import com.burstline.contract.HostConfig;

import java.time.Duration;

/** Reads how this host is set up for one interface (docs/agent-protocol.md, "Host configuration"); Linux or Windows. */
interface HostConfigReader {
    /** A whole reading takes at most this long; what is left unread by then is unknown, and says so. */
    Duration BUDGET = Duration.ofSeconds(12);

    HostConfig read(String interfaceName);

    static HostConfigReader current() {
        return System.getProperty("os.name", "").startsWith("Windows")
                ? new WindowsConfigReader(ConfigCommands::process) : LinuxConfigReader.ofThisHost();
    }

    /**
     * An interface name from the host's routing table ends up in sysfs paths and command arguments: anything but a
     * plain device name is refused, though no kernel hands out one.
     */
    static boolean isInterfaceName(String name) {
        return name != null && name.matches("[A-Za-z0-9_.:@ -]{1,64}") && !name.equals(".") && !name.equals("..");
    }
}
