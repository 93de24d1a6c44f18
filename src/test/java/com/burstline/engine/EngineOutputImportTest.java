package com.burstline.engine;

import com.burstline.contract.Direction;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Iperf3Result;
import com.burstline.contract.Protocol;
import com.burstline.iperf.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The engine's -J and --json-stream output, client's and server's, imports through Burstline's iperf3 parser. */
class EngineOutputImportTest {
    private final ByteArrayOutputStream serverOut = new ByteArrayOutputStream();
    private Server server;
    private Thread serving;

    private int startServer(boolean json) {
        PrintStream print = new PrintStream(serverOut, true, StandardCharsets.UTF_8);
        server = new Server(new ServerOptions(0, true, 0.5),
                () -> json ? new JsonOutput(print, false) : new TextOutput(print, false));
        serving = new Thread(server::serve);
        serving.start();
        return server.port();
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.close();
        serving.join(10_000);
    }

    private byte[] runClient(TestParams params, boolean stream) {
        return runClient(params, stream, true);
    }

    private byte[] runClient(TestParams params, boolean stream, boolean jsonServer) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int port = startServer(jsonServer);
        new Client(new ClientOptions("127.0.0.1", port, params, 0.5, 5000),
                new JsonOutput(new PrintStream(out, true, StandardCharsets.UTF_8), stream)).run();
        return out.toByteArray();
    }

    @Test
    void aTcpUploadImportsWithTheEnginesNameAndItsIntervals() throws InterruptedException {
        byte[] output = runClient(new TestParams(false, 0, 2, 0, 0, 2, false, false, 0, 131072, 0, false, false), false);
        Iperf3Result result = new Iperf3OutputParser().parse(output);

        assertThat(result.toolVersion()).startsWith("burstline-java ");
        assertThat(result.scenario().protocol()).isEqualTo(Protocol.TCP);
        assertThat(result.scenario().direction()).isEqualTo(Direction.UPLOAD);
        assertThat(result.scenario().streams()).isEqualTo(2);
        assertThat(result.scenario().durationSeconds()).isEqualTo(2);
        assertThat(result.measured().sentBitsPerSecond()).isPositive();
        assertThat(result.measured().receivedBitsPerSecond()).isCloseTo(result.measured().sentBitsPerSecond(),
                within(result.measured().sentBitsPerSecond() * 0.05));
        assertThat(result.measured().hostCpuPercent()).isNotNull();
        assertThat(result.measured().remoteCpuPercent()).isNotNull();
        assertThat(result.measured().retransmits()).isNull();
        assertThat(result.intervals()).isNotEmpty();

        serving.join(10_000);
        Iperf3Result serverSide = new Iperf3OutputParser().parse(serverOut.toByteArray());
        assertThat(serverSide.scenario().direction()).isEqualTo(Direction.UPLOAD);
        assertThat(serverSide.intervals()).isNotEmpty();
        assertThat(serverSide.measured().receivedBitsPerSecond()).isEqualTo(result.measured().receivedBitsPerSecond());
    }

    @Test
    void aUdpDownloadAsJsonStreamImportsWithJitterAndLoss() {
        byte[] output = runClient(new TestParams(true, 0, 1, 0, 0, 1, true, false, 0, 1200, 10_000_000, false, false), true);
        assertThat(new String(output, StandardCharsets.UTF_8)).startsWith("{\"event\":\"start\"");
        Iperf3Result result = new Iperf3OutputParser().parse(output);

        assertThat(result.format()).isEqualTo(Iperf3Result.OutputFormat.JSON_STREAM);
        assertThat(result.scenario().protocol()).isEqualTo(Protocol.UDP);
        assertThat(result.scenario().direction()).isEqualTo(Direction.DOWNLOAD);
        assertThat(result.scenario().targetBitsPerSecond()).isEqualTo(10_000_000L);
        assertThat(result.measured().jitterMs()).isNotNull();
        assertThat(result.measured().lostPercent()).isNotNull();
        assertThat(result.intervals()).anySatisfy(i -> assertThat(i.jitterMs()).isNotNull());
    }

    @Test
    void anUploadWithTheServersOutputImportsWhatArrivedAsTheReceiversIntervals() {
        // as the agent runs the engine: --json-stream, --get-server-output, a server with -J
        byte[] output = runClient(new TestParams(true, 0, 2, 0, 0, 1, false, false, 0, 1400, 20_000_000, false, true),
                true);
        Iperf3Result result = new Iperf3OutputParser().parse(output);

        assertThat(result.intervals()).anySatisfy(i -> assertThat(i.side()).isEqualTo(Side.SENDER));
        assertThat(result.intervals()).filteredOn(i -> i.side() == Side.RECEIVER && i.isSum())
                .hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(i -> assertThat(i.jitterMs()).isNotNull());
    }

    @Test
    void theServersTextReportNamesTheEngineSoTheRunRecordsWhichProgramServedIt() {
        byte[] output = runClient(new TestParams(false, 0, 1, 0, 0, 1, false, false, 0, 131072, 0, false, true),
                false, false);
        Iperf3Result result = new Iperf3OutputParser().parse(output);

        assertThat(new String(output, StandardCharsets.UTF_8)).contains("\"server_output_text\"");
        assertThat(result.serverTool()).isNotNull();
        assertThat(result.serverTool().version()).isEqualTo(StartObject.version());
    }

    @Test
    void aBidirectionalRunImportsBothDirections() {
        byte[] output = runClient(new TestParams(false, 0, 1, 0, 0, 1, false, true, 0, 131072, 0, false, false), false);
        Iperf3Result result = new Iperf3OutputParser().parse(output);

        assertThat(result.scenario().direction()).isEqualTo(Direction.BIDIR);
        assertThat(result.measured().reverseSentBitsPerSecond()).isPositive();
        assertThat(result.measured().reverseReceivedBitsPerSecond()).isPositive();
        assertThat(result.intervals()).anySatisfy(i -> assertThat(i.direction()).isEqualTo(Direction.DOWNLOAD));
        assertThat(result.intervals()).anySatisfy(i -> assertThat(i.direction()).isEqualTo(Direction.UPLOAD));
    }
}
