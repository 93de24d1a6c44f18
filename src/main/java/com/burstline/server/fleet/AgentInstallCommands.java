package com.burstline.server.fleet;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Agents page's install blocks for one host, each pasted whole: Linux with dnf (Amazon Linux 2023, RHEL) or apt
 * (Ubuntu, Debian), Windows 11 (ARM64 and x64) in PowerShell, and an uninstall block for each. The blocks live as
 * templates under {@code resources/agent-install/}; this fills them with values quoted for their shell. The agent's
 * own arguments are written once, to a java @-file ({@code agent.args}) that both the systemd unit and the scheduled
 * task start java with, so no value a user typed is ever quoted for systemd or the task scheduler. A value with a
 * line break or another control character is refused: no quoting makes a pasted line break safe.
 */
record AgentInstallCommands(String linuxDnf, String linuxApt, String linuxUninstall, String windows,
                            String windowsUninstall) {
    static final String JAR = "burstline-agent.jar";
    static final String TOKEN_FILE = "join-token";
    static final String ARGUMENTS_FILE = "agent.args";
    static final String SPOOL = "state/spool";
    static final String WINDOWS_LOG = "agent.log";
    private static final String DNF = String.join("\n",
            "  java_package=java-17-openjdk-headless",
            "  grep -qs '^ID=\"\\{0,1\\}amzn' /etc/os-release && java_package=java-17-amazon-corretto-headless",
            "  echo \"Installing with dnf:$packages\"",
            "  dnf install -y $(echo \"$packages\" | sed \"s/JAVA/$java_package/\")");
    private static final String APT = String.join("\n",
            "  export DEBIAN_FRONTEND=noninteractive",
            "  apt-get update -qq",
            "  java_package=openjdk-17-jre-headless",
            "  apt-cache show \"$java_package\" >/dev/null 2>&1 || java_package=openjdk-21-jre-headless",
            "  echo \"Installing with apt:$packages\"",
            "  apt-get install -y -qq --no-install-recommends $(echo \"$packages\" | sed \"s/JAVA/$java_package/\")");

    /**
     * The agent's --server: this server's HTTPS listener for agents and its certificate's fingerprint, or, with that
     * listener off, the plain address (the agent warns).
     *
     * @param fingerprint null for a plain-HTTP url
     */
    record AgentServer(String url, String fingerprint) {
    }

    static AgentInstallCommands of(InstallRequest request) {
        for (String value : List.of(request.serverUrl(), request.agents().url(), request.token(), request.agentName(),
                request.jarSha256())) {
            refuseControlCharacters(value);
        }
        Map<String, String> linux = linuxValues(request);
        return new AgentInstallCommands(linuxInstall(linux, "Amazon Linux 2023 or RHEL (dnf)", DNF),
                linuxInstall(linux, "Ubuntu or Debian (apt)", APT),
                InstallTemplate.fill("linux-uninstall.sh", Map.of("name", request.agentName(), "dir", linux.get("dir"),
                        "firewalldRemove", firewalld("--remove-port", request.ports()),
                        "ufwRemove", ufw("delete allow", request.ports()))),
                WindowsInstall.install(request), WindowsInstall.uninstall(request));
    }

    /**
     * The agent's arguments on every host, after the JVM options: one more enrollment argument is one more pair
     * here, and the server URL is this one value.
     */
    static List<String> agentArguments(InstallRequest request) {
        List<String> arguments = new ArrayList<>(List.of("-jar", JAR, "--server", request.agents().url()));
        if (request.agents().fingerprint() != null) {
            arguments.addAll(List.of("--server-fingerprint", request.agents().fingerprint()));
        }
        arguments.addAll(List.of("--token-file", TOKEN_FILE, "--name", request.agentName(), "--spool", SPOOL));
        return arguments;
    }

    static String jarUrl(InstallRequest request) {
        return request.serverUrl() + "/agent/" + JAR;
    }

    static String serverHost(InstallRequest request) {
        return URI.create(request.serverUrl()).getHost().replace("[", "").replace("]", "");
    }

    private static String linuxInstall(Map<String, String> values, String distribution, String packageStep) {
        Map<String, String> all = new java.util.HashMap<>(values);
        all.put("distribution", distribution);
        all.put("packageStep", packageStep);
        return InstallTemplate.fill("linux-install.sh", all);
    }

    private static Map<String, String> linuxValues(InstallRequest request) {
        if (request.jvm().linuxTrim().isEmpty()) {
            throw new IllegalStateException("agent-jvm-options.conf names no linux-trim option");
        }
        return Map.ofEntries(Map.entry("name", request.agentName()), Map.entry("nameSh", sh(request.agentName())),
                Map.entry("dir", sh(request.linuxDirectoryOrDefault())), Map.entry("token", sh(request.token())),
                Map.entry("jarUrl", sh(jarUrl(request))), Map.entry("sha256", sh(request.jarSha256())),
                Map.entry("arguments", sh(argumentFile(agentArguments(request)))),
                Map.entry("jvmOptions", sh(String.join(" ", request.jvm().options()))),
                Map.entry("linuxTrim", String.join(" ", request.jvm().linuxTrim())),
                Map.entry("environment", String.join("\n", request.jvm().linuxEnvironment().stream()
                        .map(variable -> "Environment=" + variable).toList())),
                Map.entry("ports", request.ports().inWords()),
                Map.entry("firewalldPorts", firewalld("--add-port", request.ports())),
                Map.entry("ufwPorts", ufw("allow", request.ports())));
    }

    private static String firewalld(String verb, InstallRequest.HostPorts ports) {
        return verb + "=" + ports.agent() + "/tcp " + verb + "=" + ports.iperf3Range() + "/tcp " + verb + "="
                + ports.iperf3Range() + "/udp";
    }

    private static String ufw(String verb, InstallRequest.HostPorts ports) {
        String range = ports.iperf3Range().replace('-', ':');
        return String.join("\n", "  ufw " + verb + " " + ports.agent() + "/tcp >/dev/null",
                "  ufw " + verb + " " + range + "/tcp >/dev/null", "  ufw " + verb + " " + range + "/udp >/dev/null");
    }

    /**
     * A java @-file's line: each argument in double quotes, in which the launcher takes a backslash as an escape,
     * so a backslash and a double quote get one before them.
     */
    static String argumentFile(List<String> arguments) {
        List<String> quoted = new ArrayList<>();
        for (String argument : arguments) {
            refuseControlCharacters(argument);
            quoted.add('"' + argument.replace("\\", "\\\\").replace("\"", "\\\"") + '"');
        }
        return String.join(" ", quoted);
    }

    /** POSIX sh: inside single quotes nothing is special; a single quote ends them, so it becomes '\''. */
    static String sh(String value) {
        refuseControlCharacters(value);
        return "'" + value.replace("'", "'\\''") + "'";
    }

    /**
     * PowerShell: inside single quotes nothing expands; a quote is written twice. PowerShell takes the typographic
     * single quotes (U+2018 to U+201B) for quotes too, so they are doubled as well.
     */
    static String ps(String value) {
        refuseControlCharacters(value);
        StringBuilder quoted = new StringBuilder("'");
        for (char c : value.toCharArray()) {
            if (c == '\'' || (c >= '\u2018' && c <= '\u201B')) {
                quoted.append(c);
            }
            quoted.append(c);
        }
        return quoted.append('\'').toString();
    }

    static void refuseControlCharacters(String value) {
        if (value == null || value.isEmpty()) {
            throw new InvalidAgentException("a value of the install commands is empty");
        }
        if (value.codePoints().anyMatch(c -> Character.isISOControl(c) || c == '\u2028' || c == '\u2029'
                || c == '\u0085')) {
            throw new InvalidAgentException("'" + value.replaceAll("\\p{Cntrl}", "?") + "' contains a line break or "
                    + "another control character, which no quoting makes safe to paste into a shell");
        }
    }
}
