package com.burstline.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

/**
 * The end-to-end figure: uploads over real HTTP, as an agent or curl sends them, from K clients at once. Each client
 * has its own {@link HttpClient} and so its own keep-alive connection, like separate agents.
 */
final class HttpUploads {
    /** What an agent sends along with a result; the tag makes the upload store a run_tag row too, as real ones do. */
    static final String QUERY = "?sut=bench-a&peer=bench-b&instanceType=t4g.large&tag=bench";

    private final URI endpoint;
    private final String token;

    HttpUploads(int port, String token) {
        this.endpoint = URI.create("http://127.0.0.1:" + port + "/api/v1/runs" + QUERY);
        this.token = token;
    }

    /** @return wall-clock nanoseconds for all uploads */
    long upload(List<Corpus.Upload> uploads, int clients) throws Exception {
        return Parallel.run(uploads.size(), clients, () -> {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            return item -> send(client, uploads.get(item));
        });
    }

    /** Anything but 201 means the run was not stored as new, and the figures would not mean what they say. */
    private void send(HttpClient client, Corpus.Upload upload) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", upload.mediaType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(upload.content()))
                .build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 201) {
            throw new IllegalStateException("upload of a variant of " + upload.sample() + " answered "
                    + response.statusCode() + ": " + response.body());
        }
    }
}
