package com.burstline.agent;

import com.burstline.contract.HostConfig;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Windows configuration reader on its script's answers (src/test/resources/hostconfig/windows-docs, built from
 * the documented shapes: see the README there), with the command runner standing in for PowerShell.
 */
class WindowsConfigReaderTest {
    private final List<List<String>> commands = new ArrayList<>();
    private final List<Map<String, String>> environments = new ArrayList<>();

    private HostConfig read(String fixture) {
        String answer = CapturedHost.text(CapturedHost.ROOT.resolve("windows-docs").resolve(fixture));
        return new WindowsConfigReader((command, environment, timeout) -> {
            commands.add(command);
            environments.add(environment);
            return new ConfigCommands.Answer(answer, null);
        }).read("Ethernet");
    }

    @Test
    void anEnaAdapterGivesTheSharedNamesAndItsOtherAdvancedProperties() {
        HostConfig config = read("ena-adapter.json");

        assertThat(config.os()).isEqualTo("windows");
        assertThat(config.facts()).containsEntry("nic.mtu", "9001")
                .containsEntry("nic.driver", "Amazon Elastic Network Adapter")
                .containsEntry("nic.driverVersion", "2.6.0.0")
                .containsEntry("nic.channels.combined", "4").containsEntry("nic.channels.combined.max", "8")
                .containsEntry("nic.rss", "on").containsEntry("nic.rss.profile", "NUMAStatic")
                .containsEntry("nic.rings.rx", "1024").containsEntry("nic.rings.tx", "1024")
                .containsEntry("nic.jumboPacket", "9015")
                .containsEntry("nic.coalesce.interruptModeration", "on").containsEntry("nic.offload.tso", "on")
                .containsEntry("nic.offload.rscIpv4", "on")
                .containsEntry("nic.adv.*TCPChecksumOffloadIPv4", "Rx & Tx Enabled")
                .containsEntry("tcp.congestionProvider", "CUBIC").containsEntry("tcp.autoTuningLevel", "Normal")
                .containsEntry("tcp.global.receiveSegmentCoalescing", "Enabled")
                .containsEntry("os.name", "Microsoft Windows Server 2022 Datacenter")
                .containsEntry("os.build", "10.0.20348")
                .containsEntry("cpu.model", "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz")
                .containsEntry("cpu.count", "4");
        // one name per thing: the keywords taken into shared names are not repeated raw
        assertThat(config.facts()).doesNotContainKeys("nic.adv.*ReceiveBuffers", "nic.adv.*NumRssQueues",
                "nic.adv.*RSS");
        assertThat(config.unknown()).isEmpty();
    }

    @Test
    void theAdaptersNameReachesPowerShellThroughTheEnvironmentNeverTheScript() {
        read("ena-adapter.json");

        assertThat(commands.get(0)).containsExactly("powershell.exe", "-NoProfile", "-NonInteractive", "-Command",
                WindowsConfigReader.SCRIPT);
        assertThat(WindowsConfigReader.SCRIPT).doesNotContain("Ethernet");
        assertThat(environments.get(0)).containsExactly(Map.entry("BURSTLINE_ADAPTER", "Ethernet"));
    }

    @Test
    void aPartPowerShellRefusedIsUnknownWithItsWordsAndTheRestArrives() {
        HostConfig config = read("refused-parts.json");

        assertThat(config.unknown()).containsEntry("nic.offload.rsc", "No MSFT_NetAdapterRscSettingData objects "
                        + "found with property 'Name' equal to 'Ethernet'.  Verify the value of the property and retry.")
                .containsKey("nic.adv").containsEntry("cpu", "Access denied");
        assertThat(config.facts()).containsEntry("nic.channels.combined", "4").doesNotContainKey("nic.rings.rx");
    }

    @Test
    void anAnswerThatIsNoJsonOrNoAnswerAtAllLeavesTheAdapterUnknown() {
        HostConfig garbled = new WindowsConfigReader((command, environment, timeout) ->
                new ConfigCommands.Answer("Get-NetAdapter : not recognized", null)).read("Ethernet");
        HostConfig failed = new WindowsConfigReader((command, environment, timeout) ->
                ConfigCommands.Answer.failed("powershell.exe is not installed")).read("Ethernet");

        assertThat(garbled.unknown().get("nic")).startsWith("PowerShell's answer is not valid JSON");
        assertThat(failed.unknown()).containsExactly(Map.entry("nic", "powershell.exe is not installed"));
    }
}
