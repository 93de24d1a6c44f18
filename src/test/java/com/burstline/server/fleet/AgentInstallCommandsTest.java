package com.burstline.server.fleet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The install commands quote every value for its shell: the POSIX quoting is checked by a real /bin/sh, which must
 * hand each hostile value to the program unchanged (a stand-in java on the PATH prints its arguments); the PowerShell
 * quoting by reading the literal back by PowerShell's rules. Line breaks and other control characters are refused.
 */
class AgentInstallCommandsTest {
    private static final String SHA = "ab".repeat(32);
    private static final String TOKEN = "bl_join_abc-DEF_123";
    private static final List<String> HOSTILE = List.of("a'b", "$(touch pwned)", "`touch pwned`", "a; touch pwned #",
            "\"dq\" && touch pwned", "\u2019smart\u2018 quotes\u201B", "back\\slash", "%s%n", "*", "~", "$HOME",
            "'; touch pwned; echo '", "http://10.0.0.1:8080/$(touch pwned)?a=1&b=`id`");

    @TempDir
    Path dir;

    @Test
    void shQuotingHandsEveryHostileValueToTheProgramUnchanged() throws Exception {
        for (String value : HOSTILE) {
            assertThat(argumentsSeenBy("printf '%s\\n' " + AgentInstallCommands.sh(value) + " >args"))
                    .as(value).containsExactly(value);
        }
        assertThat(dir.resolve("pwned")).doesNotExist();
    }

    @Test
    void theLinuxLauncherStartsJavaWithExactlyTheValuesGiven() throws Exception {
        for (String value : HOSTILE) {
            String linux = AgentInstallCommands.of(value, TOKEN, value, SHA).linux();
            assertThat(syntaxCheck(linux)).as(linux).isZero();
            String launcher = linux.lines().filter(line -> line.startsWith("exec java")).findFirst().orElseThrow();
            assertThat(argumentsSeenBy(launcher)).as(launcher).containsExactly("-jar", "burstline-agent.jar",
                    "--server", value, "--token-file", "join-token", "--name", value, "--spool", "spool");
        }
        assertThat(dir.resolve("pwned")).doesNotExist();
    }

    @Test
    void powerShellQuotingReadsBackAsTheValueInOneLiteral() {
        for (String value : HOSTILE) {
            assertThat(readPowerShellLiteral(AgentInstallCommands.ps(value))).as(value).isEqualTo(value);
        }
        assertThat(AgentInstallCommands.ps("it's")).isEqualTo("'it''s'");
    }

    @Test
    void theWindowsTextsQuoteTheLauncherTwiceAndNameNoValueInTheTask() {
        String name = "a'b$(x)";
        AgentInstallCommands commands = AgentInstallCommands.of("http://10.0.0.1:8080", TOKEN, name, SHA);
        String launcherLine = commands.windows().lines().filter(line -> line.startsWith("Set-Content -Path "
                + "start-agent.ps1")).findFirst().orElseThrow();
        String launcher = readPowerShellLiteral(launcherLine.substring(launcherLine.indexOf("-Value ") + 7));

        assertThat(launcher).isEqualTo("Set-Location -LiteralPath $PSScriptRoot; & java -jar burstline-agent.jar "
                + "--server 'http://10.0.0.1:8080' --token-file join-token --name 'a''b$(x)' --spool spool");
        assertThat(commands.windows()).contains("Set-Content -Path join-token -Value '" + TOKEN + "'",
                "Get-FileHash -Algorithm SHA256", "'" + SHA + "'", "icacls", "*S-1-5-18");
        assertThat(commands.windowsTask()).doesNotContain(name).contains("New-ScheduledTaskTrigger -AtStartup",
                "-UserId 'SYSTEM'", "Register-ScheduledTask");
        assertThat(commands.systemdUnit()).doesNotContain(name).contains("ExecStart=/bin/sh "
                + "/opt/burstline-agent/start-agent.sh");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\nb", "a\rb", "a\tb", "a\u0000b", "a\u001bb", "a\u0085b", "a\u2028b", ""})
    void lineBreaksAndControlCharactersAreRefusedNotQuoted(String value) {
        assertThatThrownBy(() -> AgentInstallCommands.sh(value)).isInstanceOf(InvalidAgentException.class);
        assertThatThrownBy(() -> AgentInstallCommands.ps(value)).isInstanceOf(InvalidAgentException.class);
        assertThatThrownBy(() -> AgentInstallCommands.of("http://10.0.0.1:8080", TOKEN, value, SHA))
                .isInstanceOf(InvalidAgentException.class);
        assertThatThrownBy(() -> AgentInstallCommands.of(value, TOKEN, "lab-c", SHA))
                .isInstanceOf(InvalidAgentException.class);
    }

    /** Runs one line of sh in the temp dir with a java on the PATH that writes its arguments, one a line, to args. */
    private List<String> argumentsSeenBy(String line) throws IOException, InterruptedException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\" >args\n");
        java.toFile().setExecutable(true);
        Files.deleteIfExists(dir.resolve("args"));
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", line).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sh.out").toFile());
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process sh = builder.start();
        assertThat(sh.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(sh.exitValue()).as(Files.readString(dir.resolve("sh.out"))).isZero();
        return Files.readAllLines(dir.resolve("args"), StandardCharsets.UTF_8);
    }

    private int syntaxCheck(String script) throws IOException, InterruptedException {
        Process sh = new ProcessBuilder("/bin/sh", "-n", "-c", script).directory(dir.toFile()).start();
        assertThat(sh.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return sh.exitValue();
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
