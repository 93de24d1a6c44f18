package com.burstline.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A host as src/test/resources/hostconfig/capture.sh captured it: its sysfs and procfs files, and what each command
 * printed, exited with and complained of, answered as {@link ConfigCommands} answers a real command. Read from the
 * source tree, not the classpath: the capture's device link must stay a link.
 */
public final class CapturedHost {
    static final Path ROOT = Path.of("src/test/resources/hostconfig");

    private CapturedHost() {
    }

    /** The configuration the Linux reader reads from a captured host, for tests of what the server does with it. */
    public static com.burstline.contract.HostConfig linux(String host, String nic) {
        return reader(host).read(nic);
    }

    /** The configuration the Windows reader makes of one of its documented answers. */
    public static com.burstline.contract.HostConfig windows(String answer) {
        String json = text(ROOT.resolve("windows-docs").resolve(answer));
        return new WindowsConfigReader((command, environment, timeout) -> new ConfigCommands.Answer(json, null))
                .read("Ethernet");
    }

    static LinuxConfigReader reader(String host) {
        Path dir = ROOT.resolve(host);
        return new LinuxConfigReader(dir.resolve("sys"), dir.resolve("proc"),
                (command, environment, timeout) -> answer(dir, command));
    }

    /** "ethtool -g IF" is cmd/ethtool-g.*, "tc qdisc show dev IF" is cmd/tc-qdisc.*. */
    private static ConfigCommands.Answer answer(Path dir, List<String> command) {
        String name = command.get(0).equals("tc") ? "tc-qdisc" : command.get(0) + command.get(1);
        Path out = dir.resolve("cmd").resolve(name + ".out");
        if (!Files.exists(out)) {
            return ConfigCommands.Answer.failed(command.get(0) + " is not installed");
        }
        return ConfigCommands.answer(command, Integer.parseInt(text(dir.resolve("cmd/" + name + ".exit")).strip()),
                text(out), text(dir.resolve("cmd/" + name + ".err")));
    }

    static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
