package com.burstline.server.run;

import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real output is stored, and what is impossible in it is marked (issue 29): an impossible number in a field that
 * carries no throughput makes that field unknown with a note on the run, where it used to refuse the whole upload.
 * The hostile corpus's bodies of that kind ({@link HostileCorpus#markedNotRefused()}) and the 3.12 {@code -P 2}
 * output with iperf3's remote CPU of -6.7e19 (src/test/resources/iperf3-edited/README.md).
 */
@BurstlineTest
class MarkedInputTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Test
    void theRemoteCpuIperf3312PrintedIsUnknownWithANoteAndTheThroughputIsKept() throws IOException {
        ApiClient api = new ApiClient(port);
        byte[] defect;
        try (InputStream in = getClass().getResourceAsStream(
                "/iperf3-edited/iperf3-312-tcp-2-upload-remote-cpu-defect.json")) {
            defect = in.readAllBytes();
        }

        HttpResponse<String> created = api.upload(defect, HostileCorpus.JSON, "");
        JsonNode run = JSON.readTree(created.body());
        JsonNode read = JSON.readTree(api.get("/api/v1/runs/" + run.get("id").longValue()).body());

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(run.get("remoteCpuPercent").isNull()).isTrue();
        assertThat(run.get("hostCpuPercent").doubleValue()).isEqualTo(98.0458198469408);
        assertThat(run.get("receivedBitsPerSecond").doubleValue()).isPositive();
        assertThat(read.get("notes")).hasSize(1);
        JsonNode note = read.get("notes").get(0);
        assertThat(note.get("field").stringValue()).isEqualTo("remote_total");
        assertThat(note.get("path").stringValue()).isEqualTo("end.cpu_utilization_percent.remote_total");
        assertThat(note.get("message").stringValue()).startsWith("iperf3 reported remote CPU -6.7e+19; ignored");
        assertThat(api.get("/runs/" + run.get("id").longValue()).body()).contains("id=\"run-notes\"",
                "iperf3 reported remote CPU -6.7e+19; ignored");
    }

    @Test
    void everyImpossibleNumberWithoutThroughputIsStoredAsUnknownWithItsNote() {
        ApiClient api = new ApiClient(port);
        List<HostileCorpus.Body> marked = HostileCorpus.markedNotRefused();
        assertThat(marked).hasSizeGreaterThanOrEqualTo(60);
        List<String> wrong = new ArrayList<>();
        for (HostileCorpus.Body body : marked) {
            HttpResponse<String> answer = api.send(HttpRequest.newBuilder(api.uri("/api/v1/runs"))
                    .header("Authorization", "Bearer " + ApiClient.TOKEN).header("Content-Type", body.contentType())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body.content())));
            String key = body.description().substring(0, body.description().indexOf(' '));
            JsonNode notes = answer.statusCode() / 100 == 2 ? JSON.readTree(answer.body()).path("notes") : null;
            if (notes == null || notes.size() != 1 || !key.equals(notes.get(0).get("field").stringValue())) {
                wrong.add(body.description() + " → " + answer.statusCode() + " " + answer.body());
            }
        }
        System.out.printf("marked, not refused: %d bodies%n", marked.size());
        assertThat(wrong).as("bodies not stored with one note on their key").isEmpty();
    }
}
