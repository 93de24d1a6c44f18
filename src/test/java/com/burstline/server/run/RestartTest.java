package com.burstline.server.run;

import com.burstline.iperf.Samples;
import com.burstline.server.BurstlineApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded default keeps its data: a run uploaded before a restart is there after it, and the API token that the
 * first start generated (owner-only file) is still the token after the restart.
 */
class RestartTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dataDir;

    @Test
    void runsAndTheGeneratedTokenSurviveARestart() throws Exception {
        byte[] output = Samples.bytes("iperf3-318-tcp-4-upload.json");
        long id;
        String token;
        try (ConfigurableApplicationContext first = start()) {
            Path tokenFile = dataDir.resolve("api-token");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile))).isEqualTo("rw-------");
            token = Files.readString(tokenFile).strip();
            var created = upload(first, output, token);
            assertThat(created.statusCode()).isEqualTo(201);
            id = JSON.readTree(created.body()).get("id").longValue();
        }

        try (ConfigurableApplicationContext second = start()) {
            assertThat(Files.readString(dataDir.resolve("api-token")).strip()).isEqualTo(token);
            ApiClient api = new ApiClient(port(second), token);
            assertThat(api.get("/api/v1/runs/" + id).statusCode()).isEqualTo(200);
            assertThat(JSON.readTree(api.get("/api/v1/runs/" + id + "/intervals").body()).size()).isEqualTo(25);
            assertThat(api.getBytes("/api/v1/runs/" + id + "/raw").body()).isEqualTo(output);
            assertThat(upload(second, output, token).statusCode()).isEqualTo(200);
        }
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(BurstlineApplication.class)
                .run("--server.port=0", "--burstline.data-dir=" + dataDir);
    }

    private static java.net.http.HttpResponse<String> upload(ConfigurableApplicationContext context, byte[] output,
                                                             String token) {
        ApiClient api = new ApiClient(port(context));
        return api.send(HttpRequest.newBuilder(api.uri("/api/v1/runs"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(output)));
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
