package com.burstline.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The driver of a NIC from each source in turn: a temporary directory laid out as sysfs is (device and driver
 * symlinks, {@code /sys/module/M/version}), and the real output of {@code ethtool -i} and {@code ip -d -j link}
 * (src/test/resources/agent) for the commands.
 */
class LinuxDriverTest {
    @TempDir
    Path sysfs;
    private final Map<String, String> outputs = new HashMap<>();
    private final List<String> missing = new ArrayList<>();
    private final List<String> asked = new ArrayList<>();

    @Test
    void sysfsComesFirstWithItsModulesVersion() throws IOException {
        pciNic("ens5", "ena", "2.13.0g\n");
        outputs.put("ethtool -i ens5", resource("ethtool-i-virtio_net.txt"));

        assertThat(driver().of("ens5")).isEqualTo(new LinuxDriver.Answer("ena", "2.13.0g", null, null));
    }

    @Test
    void sysfsAloneSufficesWithoutEthtool() throws IOException {
        pciNic("ens5", "ena", "2.13.0g\n");
        missing.add("ethtool");

        assertThat(driver().of("ens5").name()).isEqualTo("ena");
        assertThat(driver().of("ens5").version()).isEqualTo("2.13.0g");
    }

    @Test
    void ethtoolGivesTheVersionOfADriverBuiltIntoTheKernel() throws IOException {
        pciNic("eth0", "virtio_net", null);
        outputs.put("ethtool -i eth0", resource("ethtool-i-virtio_net.txt"));

        assertThat(driver().of("eth0")).isEqualTo(new LinuxDriver.Answer("virtio_net", "1.0.0", null, null));
    }

    @Test
    void ethtoolTellsAVirtualNicsDriverBeforeItsLinkKind() throws IOException {
        virtualNic("veth0");
        outputs.put("ethtool -i veth0", resource("ethtool-i-veth.txt"));
        outputs.put("ip -d -j link show dev veth0", resource("ip-link-veth.json"));

        assertThat(driver().of("veth0")).isEqualTo(new LinuxDriver.Answer("veth", "1.0", null, null));
        assertThat(asked).doesNotContain("ip -d -j link show dev veth0");
    }

    @Test
    void withoutEthtoolTheLinkKindTells() throws IOException {
        virtualNic("veth0");
        missing.add("ethtool");
        outputs.put("ip -d -j link show dev veth0", resource("ip-link-veth.json"));

        assertThat(driver().of("veth0")).isEqualTo(new LinuxDriver.Answer("veth", null, null, null));
    }

    @Test
    void loopbackHasNoKindButItsLinkTypeTells() throws IOException {
        virtualNic("lo");
        missing.add("ethtool");
        outputs.put("ip -d -j link show dev lo", resource("ip-link-lo.json"));

        assertThat(driver().of("lo").name()).isEqualTo("loopback");
    }

    @Test
    void whenNothingTellsTheAnswerSaysWhy() throws IOException {
        missing.add("ethtool");

        assertThat(driver().of("eth9")).isEqualTo(new LinuxDriver.Answer(null, null, null,
                "no ethtool, no sysfs entry"));

        virtualNic("tun0");
        missing.clear();
        assertThat(driver().of("tun0").unknownReason())
                .isEqualTo("ethtool -i names no driver, no device driver in sysfs, no link kind");
    }

    private LinuxDriver driver() {
        return new LinuxDriver(sysfs, command -> {
            String line = String.join(" ", command);
            asked.add(line);
            if (missing.contains(command.get(0))) {
                throw new IOException("Cannot run program \"" + command.get(0) + "\": No such file or directory");
            }
            return outputs.get(line);
        });
    }

    /** As the kernel lays out a PCI NIC: class/net/IF/device -> the device, its driver -> bus/pci/drivers/D. */
    private void pciNic(String name, String driver, String moduleVersion) throws IOException {
        Path device = Files.createDirectories(sysfs.resolve("devices/pci0000:00/0000:00:05.0"));
        Path drivers = Files.createDirectories(sysfs.resolve("bus/pci/drivers").resolve(driver));
        Files.createSymbolicLink(device.resolve("driver"), drivers);
        Path nic = Files.createDirectories(sysfs.resolve("class/net").resolve(name));
        Files.createSymbolicLink(nic.resolve("device"), device);
        if (moduleVersion != null) {
            Path module = Files.createDirectories(sysfs.resolve("module").resolve(driver));
            Files.writeString(module.resolve("version"), moduleVersion);
            Files.createSymbolicLink(drivers.resolve("module"), module);
        }
    }

    private void virtualNic(String name) throws IOException {
        Files.createDirectories(sysfs.resolve("class/net").resolve(name).resolve("statistics"));
    }

    private static String resource(String name) {
        try (var in = LinuxDriverTest.class.getResourceAsStream("/agent/" + name)) {
            return new String(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
