package com.burstline.server.fleet;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What the install commands of one host are made from: the values an admin gives (server URL, agent name, the
 * directories) and what the server knows (token, jar hash, ports, the networks peers may be in, JVM options).
 *
 * @param serverUrl        where the host downloads the agent jar from
 * @param agents           where the agent reaches this server, and the certificate it pins there
 * @param linuxDirectory   null for {@link #LINUX_DEFAULT}
 * @param windowsDirectory null for {@code %ProgramData%\Burstline}
 * @param peerNetworks     the CIDR ranges a peer agent's test address may lie in (burstline.agents.allowed-networks)
 */
record InstallRequest(String serverUrl, AgentInstallCommands.AgentServer agents, String token, String agentName, String jarSha256, String linuxDirectory,
                      String windowsDirectory, HostPorts ports, List<String> peerNetworks, AgentJvmOptions jvm) {
    static final String LINUX_DEFAULT = "/opt/burstline-agent";
    /** What a systemd unit carries without quoting or specifiers: an absolute path of plain characters. */
    private static final Pattern LINUX_DIRECTORY = Pattern.compile("(/[A-Za-z0-9._+-]+)+");
    /** A drive and a path without the characters Windows file names may not hold. */
    private static final Pattern WINDOWS_DIRECTORY = Pattern.compile("[A-Za-z]:(\\\\[^\\\\/<>:\"|?*]+)+");

    /** The ports the hosts open: the agent's API, and the iperf3 ports its peers measure on. */
    record HostPorts(int agent, int iperf3First, int iperf3Count) {
        String iperf3Range() {
            return iperf3Count == 1 ? String.valueOf(iperf3First) : iperf3First + "-" + (iperf3First + iperf3Count - 1);
        }

        /** For the blocks' comments and the Agents page. */
        String inWords() {
            return "TCP " + agent + " from the server, TCP and UDP " + iperf3Range().replace("-", "–")
                    + " between the agents";
        }
    }

    InstallRequest {
        linuxDirectory = blankIsNull(linuxDirectory);
        windowsDirectory = blankIsNull(windowsDirectory);
        if (linuxDirectory != null) {
            linuxDirectory = linuxDirectory.replaceAll("/+$", "");
            if (!LINUX_DIRECTORY.matcher(linuxDirectory).matches() || linuxDirectory.contains("/../")
                    || linuxDirectory.endsWith("/..") || linuxDirectory.contains("/./")) {
                throw new InvalidAgentException("The Linux directory must be an absolute path of letters, digits and "
                        + ". _ + - (what a systemd unit carries as it is), such as " + LINUX_DEFAULT + ", not '"
                        + printable(linuxDirectory) + "'");
            }
        }
        if (windowsDirectory != null) {
            windowsDirectory = windowsDirectory.replaceAll("\\\\+$", "");
            if (!WINDOWS_DIRECTORY.matcher(windowsDirectory).matches() || windowsDirectory.contains("\\..")
                    || windowsDirectory.codePoints().anyMatch(Character::isISOControl)) {
                throw new InvalidAgentException("The Windows directory must be a full path such as "
                        + "C:\\ProgramData\\Burstline, without < > : \" / | ? * after the drive, not '"
                        + printable(windowsDirectory) + "'");
            }
        }
    }

    /** The same request for the token issued and the jar found, once the request itself passed its checks. */
    InstallRequest with(String issuedToken, String foundJarSha256) {
        return new InstallRequest(serverUrl, agents, issuedToken, agentName, foundJarSha256, linuxDirectory, windowsDirectory,
                ports, peerNetworks, jvm);
    }

    String linuxDirectoryOrDefault() {
        return linuxDirectory == null ? LINUX_DEFAULT : linuxDirectory;
    }

    private static String blankIsNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static String printable(String value) {
        return value.replaceAll("\\p{Cntrl}", "?");
    }
}
