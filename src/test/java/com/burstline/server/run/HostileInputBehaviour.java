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

    /**
     * The requests around a good body: a label given twice (stored as "a,b"), a bad %-escape (a logged stack
     * trace), a multipart type (a 500): each a 400 problem, and nothing stored.
     */
    @Test
    void hostileRequestsAroundAGoodBodyGetA400ProblemAndStoreNothing() throws Exception {
        byte[] good = Samples.bytes("iperf3-318-tcp-4-upload.json");
        String auth = "Authorization: Bearer " + ApiClient.TOKEN;
        StoredRows before = StoredRows.count(jdbc);
        List<String> wrong = new ArrayList<>();
        for (String head : List.of("POST /api/v1/runs?sut=a&sut=b HTTP/1.1",
                "POST /api/v1/runs?peer=a&peer=b&tag=x HTTP/1.1", "POST /api/v1/runs?driver=ena&driver= HTTP/1.1",
                "POST /api/v1/runs?sut=%zz HTTP/1.1", "POST /api/v1/runs?sut=%C3%28 HTTP/1.1",
                "POST /api/v1/runs?tag=%E2%82 HTTP/1.1")) {
            var answer = com.burstline.testsupport.RawHttp.exchange("127.0.0.1", port, head + "\r\n" + auth
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + good.length, good);
            if (answer.status() != 400 || !String.valueOf(answer.header("Content-Type"))
                    .startsWith("application/problem+json")) {
                wrong.add(head + " → " + answer.status() + " " + answer.body());
            }
        }
        var multipart = com.burstline.testsupport.RawHttp.exchange("127.0.0.1", port, "POST /api/v1/runs HTTP/1.1"
                + "\r\n" + auth + "\r\nContent-Type: multipart/form-data\r\nContent-Length: " + good.length, good);
        if (multipart.status() != 400) {
            wrong.add("multipart/form-data → " + multipart.status());
        }
        assertThat(wrong).as("requests not refused with a 400 problem").isEmpty();
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }
}
