package com.burstline.server.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Windows install and uninstall blocks: every value as a PowerShell single-quoted literal; the agent's
 * arguments as a java @-file, with a log file, since a task has no console to write to.
 */
final class WindowsInstall {
    /** Where the blocks install when the admin names no directory. */
    static final String DEFAULT_DIRECTORY = "(Join-Path $env:ProgramData 'Burstline')";
    private static final List<String> LOOPBACK = List.of("127.0.0.0/8", "::1/128");

    private WindowsInstall() {
    }

    static String install(InstallRequest request) {
        List<String> arguments = new ArrayList<>(AgentInstallCommands.agentArguments(request));
        arguments.addAll(List.of("--log", AgentInstallCommands.WINDOWS_LOG));
        String jvm = String.join(" ", request.jvm().options()) + " @" + AgentInstallCommands.ARGUMENTS_FILE;
        return InstallTemplate.fill("windows-install.ps1", Map.ofEntries(Map.entry("name", request.agentName()),
                Map.entry("namePs", AgentInstallCommands.ps(request.agentName())),
                Map.entry("dir", directory(request)), Map.entry("token", AgentInstallCommands.ps(request.token())),
                Map.entry("jarUrl", AgentInstallCommands.ps(AgentInstallCommands.jarUrl(request))),
                Map.entry("sha256", AgentInstallCommands.ps(request.jarSha256())),
                Map.entry("arguments", AgentInstallCommands.ps(AgentInstallCommands.argumentFile(arguments))),
                Map.entry("serverHost", AgentInstallCommands.ps(AgentInstallCommands.serverHost(request))),
                Map.entry("peerNetworks", peerNetworks(request.peerNetworks())),
                Map.entry("agentPort", String.valueOf(request.ports().agent())),
                Map.entry("iperf3Ports", AgentInstallCommands.ps(request.ports().iperf3Range())),
                Map.entry("jvmArguments", AgentInstallCommands.ps(jvm))));
    }

    static String uninstall(InstallRequest request) {
        return InstallTemplate.fill("windows-uninstall.ps1", Map.of("name", request.agentName(),
                "dir", directory(request)));
    }

    private static String directory(InstallRequest request) {
        return request.windowsDirectory() == null ? DEFAULT_DIRECTORY
                : AgentInstallCommands.ps(request.windowsDirectory());
    }

    /** Where peers may be: the allowed networks but loopback, which no other host sends from; "Any" if they are. */
    static String peerNetworks(List<String> networks) {
        List<String> remote = networks.stream().map(String::strip).filter(network -> !LOOPBACK.contains(network))
                .toList();
        if (remote.isEmpty() || remote.stream().anyMatch(n -> n.equals("0.0.0.0/0") || n.equals("::/0"))) {
            return "'Any'";
        }
        return "@(" + String.join(", ", remote.stream().map(AgentInstallCommands::ps).toList()) + ")";
    }
}
