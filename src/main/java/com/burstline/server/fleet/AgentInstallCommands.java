package com.burstline.server.fleet;

import java.util.List;

/**
 * The copy-paste commands of the Agents page for one host: Linux (sh, plus a systemd unit) and Windows (PowerShell,
 * plus a scheduled task), generated from the same values. Each value appears once, in a launcher script the
 * commands write (start-agent.sh, start-agent.ps1), quoted for its shell; the unit and the task start that launcher,
 * so no value is ever quoted for systemd or for the task scheduler. A value with a newline or another control
 * character is refused: no quoting makes a pasted line break safe.
 */
record AgentInstallCommands(String linux, String systemdUnit, String windows, String windowsTask) {
    static final String LINUX_DIR = "/opt/burstline-agent";
    static final String JAR = "burstline-agent.jar";
    static final String TOKEN_FILE = "join-token";

    /** Commands whose agent reaches the server at the address it downloads the jar from. */
    static AgentInstallCommands of(String serverUrl, String token, String agentName, String jarSha256) {
        return of(serverUrl, token, agentName, jarSha256, new AgentServer(serverUrl, null));
    }

    /**
     * @param serverUrl where the host downloads the agent jar from (the address the admin used), no trailing slash
     * @param token     the join token, which the commands write to an owner-only file
     * @param jarSha256 the agent jar's SHA-256 in hex, which the commands check before starting it
     * @param agents    where the agent reaches this server, and the certificate it pins there
     */
    static AgentInstallCommands of(String serverUrl, String token, String agentName, String jarSha256,
                                   AgentServer agents) {
        for (String value : List.of(serverUrl, token, agentName, jarSha256, agents.url())) {
            refuseControlCharacters(value);
        }
        return new AgentInstallCommands(linuxText(serverUrl, token, agentName, jarSha256, agents), systemdUnitText(),
                windowsText(serverUrl, token, agentName, jarSha256, agents), windowsTaskText());
    }

    /**
     * The agent's --server: this server's HTTPS listener for agents and its certificate's fingerprint, or, with that
     * listener off, the plain address (the agent warns).
     *
     * @param fingerprint null for a plain-HTTP url
     */
    record AgentServer(String url, String fingerprint) {
        String options(java.util.function.UnaryOperator<String> quote) {
            return "--server " + quote.apply(url) + (fingerprint == null ? ""
                    : " --server-fingerprint " + quote.apply(fingerprint));
        }
    }

    private static String linuxText(String server, String token, String name, String sha256, AgentServer agents) {
        String launcher = "exec java -jar " + JAR + " " + agents.options(AgentInstallCommands::sh) + " --token-file "
                + TOKEN_FILE + " --name " + sh(name) + " --spool spool \"$@\"";
        return String.join("\n",
                "(",
                "set -eu",
                "umask 077",
                "dir=\"${BURSTLINE_AGENT_DIR:-" + LINUX_DIR + "}\"",
                "mkdir -p \"$dir\"",
                "cd \"$dir\"",
                "printf '%s\\n' " + sh(token) + " > " + TOKEN_FILE,
                "printf 'Authorization: Bearer %s\\n' \"$(cat " + TOKEN_FILE + ")\" | curl -fsS -H @- -o " + JAR
                        + " " + sh(server + "/agent/" + JAR),
                "printf '%s  %s\\n' " + sh(sha256) + " " + JAR + " | sha256sum -c -",
                "cat > start-agent.sh <<'BURSTLINE_LAUNCHER'",
                "#!/bin/sh",
                "cd \"$(dirname \"$0\")\" || exit 1",
                launcher,
                "BURSTLINE_LAUNCHER",
                "chmod 700 start-agent.sh",
                "./start-agent.sh",
                ")");
    }

    private static String systemdUnitText() {
        return String.join("\n",
                "[Unit]",
                "Description=Burstline agent",
                "Wants=network-online.target",
                "After=network-online.target",
                "",
                "[Service]",
                "ExecStart=/bin/sh " + LINUX_DIR + "/start-agent.sh",
                "Restart=on-failure",
                "RestartSec=5",
                "",
                "[Install]",
                "WantedBy=multi-user.target");
    }

    private static String windowsText(String server, String token, String name, String sha256, AgentServer agents) {
        String launcher = "Set-Location -LiteralPath $PSScriptRoot; & java -jar " + JAR + " "
                + agents.options(AgentInstallCommands::ps) + " --token-file " + TOKEN_FILE + " --name " + ps(name)
                + " --spool spool";
        return String.join("\n",
                "$ErrorActionPreference = 'Stop'",
                "$dir = Join-Path $env:ProgramData 'Burstline'",
                "New-Item -ItemType Directory -Force -Path $dir | Out-Null",
                "# only SYSTEM and you may read the directory, and so the token",
                "icacls $dir /inheritance:r /grant:r '*S-1-5-18:(OI)(CI)F' "
                        + "\"$([Security.Principal.WindowsIdentity]::GetCurrent().Name):(OI)(CI)F\" | Out-Null",
                "Set-Location -LiteralPath $dir",
                "Set-Content -Path " + TOKEN_FILE + " -Value " + ps(token) + " -NoNewline -Encoding ascii",
                "Invoke-WebRequest -UseBasicParsing -Uri " + ps(server + "/agent/" + JAR) + " -OutFile " + JAR
                        + " -Headers @{ Authorization = ('Bearer ' + (Get-Content " + TOKEN_FILE + " -Raw)) }",
                "if ((Get-FileHash -Algorithm SHA256 " + JAR + ").Hash -ne " + ps(sha256) + ") { Remove-Item " + JAR
                        + "; throw 'The agent jar does not have the SHA-256 the server showed: not started.' }",
                "Set-Content -Path start-agent.ps1 -Value " + ps(launcher),
                "& (Join-Path $dir 'start-agent.ps1')");
    }

    private static String windowsTaskText() {
        return String.join("\n",
                "$script = Join-Path $env:ProgramData 'Burstline\\start-agent.ps1'",
                "$action = New-ScheduledTaskAction -Execute 'powershell.exe' "
                        + "-Argument \"-NoProfile -ExecutionPolicy Bypass -File `\"$script`\"\"",
                "$trigger = New-ScheduledTaskTrigger -AtStartup",
                "$principal = New-ScheduledTaskPrincipal -UserId 'SYSTEM' -LogonType ServiceAccount -RunLevel Highest",
                "$settings = New-ScheduledTaskSettingsSet -ExecutionTimeLimit ([TimeSpan]::Zero) -RestartCount 3 "
                        + "-RestartInterval (New-TimeSpan -Minutes 1)",
                "Register-ScheduledTask -TaskName 'Burstline agent' -Action $action -Trigger $trigger "
                        + "-Principal $principal -Settings $settings -Force | Out-Null",
                "Start-ScheduledTask -TaskName 'Burstline agent'");
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
