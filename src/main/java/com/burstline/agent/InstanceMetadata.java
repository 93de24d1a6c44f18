package com.burstline.agent;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The EC2 instance type from the instance metadata service (IMDSv2), asked only when the host says it is EC2, with
 * a short timeout: on any other host nothing is sent at all.
 */
final class InstanceMetadata {
    private static final URI BASE = URI.create("http://169.254.169.254/latest/");
    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    private InstanceMetadata() {
    }

    static String instanceType(String given, HostPlatform platform) {
        if (given != null && !given.isBlank()) {
            return given.strip();
        }
        return platform.looksLikeEc2() ? askImds() : null;
    }

    private static String askImds() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        try {
            String token = http.send(HttpRequest.newBuilder(BASE.resolve("api/token")).timeout(TIMEOUT)
                    .header("X-aws-ec2-metadata-token-ttl-seconds", "60")
                    .PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).body();
            HttpResponse<String> type = http.send(HttpRequest.newBuilder(BASE.resolve("meta-data/instance-type"))
                    .timeout(TIMEOUT).header("X-aws-ec2-metadata-token", token).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return type.statusCode() == 200 ? type.body().strip() : null;
        } catch (java.io.IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
