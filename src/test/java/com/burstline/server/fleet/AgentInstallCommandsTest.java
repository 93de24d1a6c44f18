package com.burstline.server.fleet;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The install blocks quote every value for its shell, and the agent's arguments for java's @-file: a real /bin/sh
 * writes the @-file the Linux blocks write, and a real java hands each hostile value to the agent unchanged (a
 * stand-in jar writes its arguments down); the PowerShell literals are read back by PowerShell's rules into the same
 * @-file. Line breaks and other control characters are refused. The Linux blocks run for real in
 * LinuxInstallBlockIT; no PowerShell runs here, so the Windows block is held to what it must and must not contain.
 */
class AgentInstallCommandsTest {
    static final String SHA = "ab".repeat(32);
    static final String TOKEN = "bl_join_abc-DEF_123";
    /** What a user may type that a shell, PowerShell or java's @-file could take for something else. */
    static final List<String> HOSTILE = List.of("a'b", "$(touch pwned)", "`touch pwned`", "a; touch pwned #",
            "\"dq\" && touch pwned", "\u2019smart\u2018 quotes\u201B", "back\\slash", "%s%n", "*", "~", "$HOME",
            "'; touch pwned; echo '", "@agent.args", "a\\\"b", "#comment");
    /** Server URLs AgentServerUrl accepts that a shell, PowerShell or an @-file could take for something else. */
    static final List<String> HOSTILE_URLS = List.of("http://10.0.0.1:8080/a'b", "http://10.0.0.1:8080/$(reboot)",
            "http://10.0.0.1:8080/';reboot;'", "https://10.0.0.1/a*b~c!d&e=f,g+h@i:j;k", "http://10.0.0.1:8080/%24HOME%27",
            "http://[fd00::5]:8080/x'y$z", "http://10.0.0.1:8080/@agent.args");

    @TempDir
    Path dir;

    @BeforeEach
    void standInAgentJar() throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, ArgumentEcho.class.getName());
        String entry = ArgumentEcho.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(dir.resolve("burstline-agent.jar")),
                manifest); var in = ArgumentEcho.class.getResourceAsStream("/" + entry)) {
            jar.putNextEntry(new JarEntry(entry));
            in.transferTo(jar);
            jar.closeEntry();
        }
    }

    @Test
    void shQuotingHandsEveryHostileValueToTheProgramUnchanged() throws Exception {
        for (String value : HOSTILE) {
            runSh("printf '%s\\n' " + AgentInstallCommands.sh(value) + " >args");
            assertThat(Files.readAllLines(dir.resolve("args"))).as(value).containsExactly(value);
        }
        assertThat(dir.resolve("pwned")).doesNotExist();
    }

    @Test
    void theLinuxBlocksArgumentFileStartsTheAgentWithExactlyTheValuesGiven() throws Exception {
        List<String> expected = new ArrayList<>();
        StringBuilder argumentFiles = new StringBuilder();
        for (int i = 0; i < HOSTILE.size(); i++) {
            String value = HOSTILE.get(i);
            String url = HOSTILE_URLS.get(i % HOSTILE_URLS.size());
            assertThat(AgentServerUrl.check(url).url()).isEqualTo(url);
            AgentInstallCommands commands = AgentInstallCommands.of(request(url, value));
            for (String block : List.of(commands.linuxDnf(), commands.linuxApt())) {
                assertThat(syntaxCheck(block)).as(block).isZero();
                assertThat(syntaxCheck(installScript(block))).as(block).isZero();
                String write = installScript(block).lines().filter(line -> line.contains("> \"$dir/agent.args\""))
                        .findFirst().orElseThrow();
                runSh(write.replace("\"$dir/agent.args\"", "agent.args"));
                argumentFiles.append(Files.readString(dir.resolve("agent.args")));
                expected.addAll(List.of("-jar", "burstline-agent.jar", "--server", url, "--token-file", "join-token",
                        "--name", value, "--spool", "state/spool"));
            }
        }
        // one java for all: after -jar, every further argument is the agent's, so each file's must arrive whole
        Files.writeString(dir.resolve("agent.args"), argumentFiles);
        assertThat(agentArguments()).containsExactlyElementsOf(expected.subList(2, expected.size()));
        assertThat(dir.resolve("pwned")).doesNotExist();
    }

    @Test
    void theAgentPinsTheHttpsListenerForAgentsWhileTheJarComesFromTheUrlGiven() throws Exception {
        String fingerprint = "AB:".repeat(31) + "AB";
        InstallRequest request = new InstallRequest("http://10.0.0.5:8080", new AgentInstallCommands.AgentServer(
                "https://10.0.0.5:8443", fingerprint), TOKEN, "arm-a", SHA, null, null, PORTS,
                AgentAddresses.DEFAULT_NETWORKS, AgentJvmOptions.load());
        AgentInstallCommands commands = AgentInstallCommands.of(request);
        String script = installScript(commands.linuxApt());
        assertThat(script).contains("'http://10.0.0.5:8080/agent/burstline-agent.jar'");
        String write = script.lines().filter(line -> line.contains("> \"$dir/agent.args\"")).findFirst()
                .orElseThrow();
        runSh(write.replace("\"$dir/agent.args\"", "agent.args"));
        assertThat(agentArguments()).containsExactly("--server", "https://10.0.0.5:8443", "--server-fingerprint",
                fingerprint, "--token-file", "join-token", "--name", "arm-a", "--spool", "state/spool");
        assertThat(commands.windows()).contains("'http://10.0.0.5:8080/agent/burstline-agent.jar'")
                .contains(fingerprint);
    }

    @Test
    void theWindowsArgumentFileReadsBackAsTheSameArguments() throws Exception {
        List<String> expected = new ArrayList<>();
        StringBuilder argumentFiles = new StringBuilder();
        for (int i = 0; i < HOSTILE.size(); i++) {
            String value = HOSTILE.get(i);
            String url = HOSTILE_URLS.get(i % HOSTILE_URLS.size());
            String windows = AgentInstallCommands.of(request(url, value)).windows();
            String line = windows.lines().filter(l -> l.contains("(Join-Path $dir 'agent.args') -Value "))
                    .findFirst().orElseThrow();
            String literal = line.substring(line.indexOf("-Value ") + 7, line.lastIndexOf(" -Encoding ascii"));
            argumentFiles.append(readPowerShellLiteral(literal)).append("\r\n"); // Set-Content ends lines so
            expected.addAll(List.of("-jar", "burstline-agent.jar", "--server", url, "--token-file", "join-token",
                    "--name", value, "--spool", "state/spool", "--log", "agent.log"));
        }
        Files.writeString(dir.resolve("agent.args"), argumentFiles);
        assertThat(agentArguments()).containsExactlyElementsOf(expected.subList(2, expected.size()));
    }

    @Test
    void everyValueAUserTypesIsOnePowerShellLiteral() {
        for (int i = 0; i < HOSTILE.size(); i++) {
            String value = HOSTILE.get(i);
            String url = HOSTILE_URLS.get(i % HOSTILE_URLS.size());
            String directory = "C:\\Burst" + value.replaceAll("[<>:\"/|?*]", "_");
            String windows = AgentInstallCommands.of(new InstallRequest(url, plain(url), TOKEN,
                    value, SHA, null, directory, PORTS, AgentAddresses.DEFAULT_NETWORKS, AgentJvmOptions.load()))
                    .windows();
            String dirLine = windows.lines().filter(l -> l.startsWith("$dir = ")).findFirst().orElseThrow();
            String jarLine = windows.lines().map(String::strip).filter(l -> l.startsWith("Invoke-WebRequest"))
                    .findFirst().orElseThrow();
            String jarUrl = jarLine.substring(jarLine.indexOf("-Uri ") + 5, jarLine.indexOf(" -OutFile"));

            assertThat(readPowerShellLiteral(dirLine.substring(7))).isEqualTo(directory);
            assertThat(readPowerShellLiteral(jarUrl)).isEqualTo(url + "/agent/burstline-agent.jar");
            if (value.length() > 2) { // "*" and "~" are part of the code too
                assertThat(withoutLiterals(windows)).as("the values appear only inside literals")
                        .doesNotContain(value).doesNotContain(url).doesNotContain(directory);
            }
        }
    }

    @Test
    void theWindowsBlockRunsUnderTheDefaultPolicyInstallsANativeJdkAndStartsAsNoAdministrator() {
        AgentInstallCommands commands = AgentInstallCommands.of(request("http://10.0.0.1:8080", "win-a"));
        String windows = commands.windows();

        assertThat(windows).contains("Set-ExecutionPolicy -Scope Process -ExecutionPolicy Bypass -Force",
                "GetEnvironmentVariable('PROCESSOR_ARCHITECTURE', 'Machine')",
                "winget install --id Microsoft.OpenJDK.17 --exact --silent --architecture $wingetArch",
                "'arm64'", "os\\.arch = aarch64", "[Environment]::GetEnvironmentVariable('Path', 'Machine')",
                "Get-FileHash -Algorithm SHA256", "'" + SHA + "'", "New-LocalUser", "'S-1-5-32-559'",
                "New-NetFirewallRule", "-LocalPort 7701 -RemoteAddress $server", "-LocalPort '5201-5210'",
                "[Net.Dns]::GetHostAddresses('10.0.0.1')",
                "$peers = @('10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7')",
                "New-ScheduledTaskTrigger -AtStartup", "-User $user -Password $password -RunLevel Limited",
                "-Argument '-XX:+UseSerialGC -Xms16m -XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=10 "
                        + "@agent.args' -WorkingDirectory $dir", "(Join-Path $env:ProgramData 'Burstline')");
        for (String block : List.of(windows, commands.windowsUninstall())) {
            assertThat(block).doesNotContainPattern("(?i)&\\s*['\"(]?[^\\n]*\\.ps1").doesNotContainPattern("(?i)(?<![-\\w])-File\\b")
                    .doesNotContain("'SYSTEM'", "-RunLevel Highest");
            assertThat(balanced(withoutLiterals(block))).as(block).isTrue();
        }
        assertThat(commands.windowsUninstall()).contains("Unregister-ScheduledTask -TaskName 'Burstline agent'",
                "Remove-NetFirewallRule -Group 'Burstline agent'", "Remove-LocalUser");
    }

    /** Pasted again, the running agent's jar is in use: Windows lets it be replaced only once the agent stopped. */
    @Test
    void theWindowsBlockStopsTheAgentBeforeItReplacesItsJarAndRunsItAtNormalPriority() {
        List<String> lines = AgentInstallCommands.of(request("http://10.0.0.1:8080", "win-b")).windows().lines()
                .toList();
        int stop = indexOf(lines, "Stop-ScheduledTask -TaskName 'Burstline agent'");
        int replace = indexOf(lines, "Move-Item -LiteralPath \"$jar.new\" -Destination $jar");
        int start = indexOf(lines, "Start-ScheduledTask -TaskName 'Burstline agent'");

        assertThat(stop).as("the stop").isNotNegative().isLessThan(replace);
        assertThat(replace).isLessThan(start);
        assertThat(lines).filteredOn(line -> line.contains("Stop-ScheduledTask")).hasSize(1);
        assertThat(String.join("\n", lines)).contains("-Priority 4");
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void theLinuxBlocksNameTheirPackagesAndTheUnitTheAgentsOptions() {
        AgentInstallCommands commands = AgentInstallCommands.of(request("http://10.0.0.1:8080", "arm-a"));

        assertThat(commands.linuxDnf()).contains("java-17-amazon-corretto-headless", "dnf install -y")
                .doesNotContain("apt-get");
        assertThat(commands.linuxApt()).contains("openjdk-17-jre-headless", "apt-get install").doesNotContain("dnf");
        for (String block : List.of(commands.linuxDnf(), commands.linuxApt())) {
            assertThat(block).contains("dir='/opt/burstline-agent'", "useradd --system", "User=$user",
                    "Environment=MALLOC_ARENA_MAX=2", "jvm_options='-XX:+UseSerialGC -Xms16m -XX:TieredStopAtLevel=1 "
                            + "-XX:CompileThresholdScaling=10'", "for option in -XX:TrimNativeHeapInterval=5000; do",
                    "ExecStart=$java $jvm_options @agent.args", "Restart=on-failure", "WantedBy=multi-user.target",
                    "sha256sum -c", "'" + SHA + "'", "systemctl enable burstline-agent.service",
                    "systemctl restart burstline-agent.service", "--add-port=5201-5210/udp");
        }
        assertThat(commands.linuxUninstall()).contains("userdel burstline-agent", "dir='/opt/burstline-agent'")
                .doesNotContain("rm -rf \"$dir\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"relative/dir", "/opt/with space", "/opt/a'b", "/opt/$(x)", "/opt/../etc", "/opt/a%i",
            "/"})
    void aLinuxDirectoryASystemdUnitCannotCarryIsRefused(String directory) {
        assertThatThrownBy(() -> new InstallRequest("http://10.0.0.1:8080", plain("http://10.0.0.1:8080"), TOKEN, "a", SHA, directory, null, PORTS,
                List.of(), AgentJvmOptions.load())).isInstanceOf(InvalidAgentException.class)
                .hasMessageContaining("The Linux directory must be an absolute path");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\nb", "a\rb", "a\tb", "a\u0000b", "a\u001bb", "a\u0085b", "a\u2028b", ""})
    void lineBreaksAndControlCharactersAreRefusedNotQuoted(String value) {
        assertThatThrownBy(() -> AgentInstallCommands.sh(value)).isInstanceOf(InvalidAgentException.class);
        assertThatThrownBy(() -> AgentInstallCommands.ps(value)).isInstanceOf(InvalidAgentException.class);
        assertThatThrownBy(() -> AgentInstallCommands.of(request("http://10.0.0.1:8080", value)))
                .isInstanceOf(InvalidAgentException.class);
        assertThatThrownBy(() -> AgentInstallCommands.of(request(value, "lab-c")))
                .isInstanceOf(InvalidAgentException.class);
    }

    static final InstallRequest.HostPorts PORTS = new InstallRequest.HostPorts(7701, 5201, 10);

    /** Agents that reach the server where they download the jar: its HTTPS listener for agents is off. */
    static AgentInstallCommands.AgentServer plain(String serverUrl) {
        return new AgentInstallCommands.AgentServer(serverUrl, null);
    }

    static InstallRequest request(String serverUrl, String name) {
        return new InstallRequest(serverUrl, plain(serverUrl), TOKEN, name, SHA, null, null, PORTS, AgentAddresses.DEFAULT_NETWORKS,
                AgentJvmOptions.load());
    }

    /** The script a Linux block hands to root's sh: the text between its heredoc's lines. */
    static String installScript(String block) {
        int start = block.indexOf("<<'BURSTLINE_INSTALL'\n") + "<<'BURSTLINE_INSTALL'\n".length();
        return block.substring(start, block.lastIndexOf("\nBURSTLINE_INSTALL"));
    }

    /** What java hands the stand-in agent when started as the unit and the task start it: java @agent.args. */
    private List<String> agentArguments() throws IOException, InterruptedException {
        Files.deleteIfExists(dir.resolve("args"));
        Process java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@agent.args").directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(java.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(java.exitValue()).as(output).isZero();
        return Files.readAllLines(dir.resolve("args"), StandardCharsets.UTF_8);
    }

    private void runSh(String script) throws IOException, InterruptedException {
        Process sh = new ProcessBuilder("/bin/sh", "-c", script).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("sh.out").toFile()).start();
        assertThat(sh.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(sh.exitValue()).as(Files.readString(dir.resolve("sh.out"))).isZero();
    }

    private int syntaxCheck(String script) throws IOException, InterruptedException {
        Process sh = new ProcessBuilder("/bin/sh", "-n", "-c", script).directory(dir.toFile()).start();
        assertThat(sh.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return sh.exitValue();
    }

    /** The text with every PowerShell single-quoted literal taken out (a double-quoted string stays). */
    static String withoutLiterals(String script) {
        StringBuilder rest = new StringBuilder();
        boolean inside = false;
        for (int i = 0; i < script.length(); i++) {
            char c = script.charAt(i);
            if (!inside && c == '#') {
                int end = script.indexOf('\n', i);
                i = end < 0 ? script.length() : end - 1;
                continue;
            }
            if (isQuote(c)) {
                if (inside && i + 1 < script.length() && isQuote(script.charAt(i + 1))) {
                    i++;
                    continue;
                }
                inside = !inside;
                rest.append("''");
                continue;
            }
            if (!inside) {
                rest.append(c);
            }
        }
        return rest.toString();
    }

    private static boolean balanced(String code) {
        List<Character> open = new ArrayList<>();
        for (char c : code.replaceAll("#[^\\n]*", "").toCharArray()) {
            if ("({[".indexOf(c) >= 0) {
                open.add(c);
            } else if (")}]".indexOf(c) >= 0) {
                if (open.isEmpty() || "({[".indexOf(open.remove(open.size() - 1)) != ")}]".indexOf(c)) {
                    return false;
                }
            }
        }
        return open.isEmpty();
    }

    /**
     * PowerShell's single-quoted string: it opens and closes with a single quote (ASCII or typographic, U+2018 to
     * U+201B), and two quotes in a row inside stand for one. Fails unless the whole text is exactly one literal.
     */
    static String readPowerShellLiteral(String text) {
        assertThat(isQuote(text.charAt(0))).as(text).isTrue();
        StringBuilder value = new StringBuilder();
        int i = 1;
        while (true) {
            assertThat(i).as("unterminated literal " + text).isLessThan(text.length());
            char c = text.charAt(i);
            if (isQuote(c)) {
                if (i + 1 < text.length() && isQuote(text.charAt(i + 1))) {
                    value.append(text.charAt(i + 1));
                    i += 2;
                    continue;
                }
                assertThat(i).as("text after the literal's end in " + text).isEqualTo(text.length() - 1);
                return value.toString();
            }
            value.append(c);
            i++;
        }
    }

    private static boolean isQuote(char c) {
        return c == '\'' || (c >= '\u2018' && c <= '\u201B');
    }

}
