package com.burstline.server.run;

import com.burstline.iperf.Samples;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generated hostile corpus ({@link HostileCorpus}: every body one real output broken in one way) against the
 * real server over HTTP: every body is answered with a 4xx problem detail, none with a 5xx, and not one row is
 * written. The untouched output is then stored, so the refusals are the checks' doing, not a broken server's.
 */
@BurstlineTest
abstract class HostileInputBehaviour {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void everyHostileBodyGetsA4xxProblemAndNothingIsStored() {
        ApiClient api = new ApiClient(port);
        List<HostileCorpus.Body> corpus = HostileCorpus.generate();
        assertThat(corpus).hasSizeGreaterThanOrEqualTo(300);
        Map<Integer, Integer> statuses = new TreeMap<>();
        List<String> wrong = new ArrayList<>();
        for (HostileCorpus.Body body : corpus) {
            HttpRequest.Builder request = HttpRequest.newBuilder(api.uri("/api/v1/runs"))
                    .header("Authorization", "Bearer " + ApiClient.TOKEN).header("Content-Type", body.contentType())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body.content()));
            if (body.contentEncoding() != null) {
                request.header("Content-Encoding", body.contentEncoding());
            }
            HttpResponse<String> answer = api.send(request);
            statuses.merge(answer.statusCode(), 1, Integer::sum);
            boolean problem = answer.headers().firstValue("Content-Type").orElse("")
                    .startsWith("application/problem+json");
            if (answer.statusCode() < 400 || answer.statusCode() >= 500 || !problem) {
                wrong.add(body.description() + " → " + answer.statusCode() + " " + answer.body());
            }
        }
        System.out.printf("hostile corpus: %d bodies, answers %s%n", corpus.size(), statuses);
        assertThat(wrong).as("bodies not refused with a 4xx problem").isEmpty();
        assertThat(StoredRows.count(jdbc)).isEqualTo(new StoredRows(0, 0, 0, 0));

        var control = api.upload(Samples.bytes("iperf3-318-tcp-1-upload.json"), HostileCorpus.JSON, "");
        assertThat(control.statusCode()).as("the untouched output").isEqualTo(201);
    }
}
