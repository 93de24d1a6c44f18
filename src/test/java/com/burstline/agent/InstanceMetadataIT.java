package com.burstline.agent;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real agent whose instance metadata service (AWS_EC2_METADATA_SERVICE_ENDPOINT, here a server of the test's on
 * loopback) refuses the IMDSv2 token request (403), has no such path (404), or answers with a body of several lines
 * (which Java would refuse as a header value): the agent starts, listens and says "instance type unknown" with why,
 * instead of exiting with "cannot start".
 */
@Tag("fast")
class InstanceMetadataIT {
    @TempDir
    Path workDir;
    private HttpServer imds;
    private AgentProcess agent;

    @AfterEach
    void stop() throws InterruptedException {
        if (agent != null) {
            agent.close();
        }
        imds.stop(0);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "403|403|its token request answered 403",
            "404|200|its token request answered 404",
            "200|200|its token request answered 200, but not with one plain line",
            "200|404|instance-type answered 404"})
    void anAgentStartsAndSaysTheInstanceTypeIsUnknown(int tokenStatus, int typeStatus, String why) throws Exception {
        imds = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        String tokenBody = tokenStatus == 200 && typeStatus == 200
                ? "<html>\r\n<body>Proxy says no</body>\r\n</html>" : tokenStatus == 200 ? "AQAEAtoken==" : "Forbidden";
        imds.createContext("/latest/api/token", exchange -> answer(exchange, tokenStatus, tokenBody));
        imds.createContext("/latest/meta-data/instance-type", exchange -> answer(exchange, typeStatus,
                typeStatus == 200 ? "t4g.large" : "<?xml version=\"1.0\"?>\n<Error>Not Found</Error>"));
        imds.start();

        agent = AgentProcess.startWithFlags("http://127.0.0.1:9", "imds-test-token", "imds-" + tokenStatus,
                workDir, Map.of(InstanceMetadata.ENDPOINT_VARIABLE, "http://127.0.0.1:" + imds.getAddress().getPort()),
                List.of());

        assertThat(agent.isAlive()).isTrue();
        String log = awaitLog("instance type unknown");
        assertThat(log).contains("instance type unknown: no instance metadata (" + why + ")")
                .contains("listening at").doesNotContain("cannot start");
    }

    private String awaitLog(String text) throws IOException, InterruptedException {
        Instant until = Instant.now().plus(Duration.ofSeconds(30));
        while (!agent.log().contains(text) && Instant.now().isBefore(until)) {
            Thread.sleep(100);
        }
        return agent.log();
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status, String body)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
