package com.burstline.agent;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The EC2 instance type from the instance metadata service (IMDSv2), asked only when the host says it is EC2 (or
 * {@code AWS_EC2_METADATA_SERVICE_ENDPOINT}, AWS's own setting, names the service), with a short timeout: on any
 * other host nothing is sent at all. Whatever the service answers, the agent starts: a refused token request, a
 * missing path, an answer that is no token or no instance type, or no service at all make the type unknown, with
 * the reason, never a failed start.
 */
final class InstanceMetadata {
    static final String ENDPOINT_VARIABLE = "AWS_EC2_METADATA_SERVICE_ENDPOINT";
    static final String DISABLED_VARIABLE = "AWS_EC2_METADATA_DISABLED";
    private static final URI DEFAULT_ENDPOINT = URI.create("http://169.254.169.254/");
    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    /** A token goes into a header as it is: one line of visible ASCII, as IMDS's are. */
    private static final Pattern TOKEN = Pattern.compile("[\\x21-\\x7E]{1,512}");
    private static final Pattern INSTANCE_TYPE = Pattern.compile("[a-z0-9][a-z0-9.-]{0,63}");

    private InstanceMetadata() {
    }

    /** The instance type, or null and why it is unknown (in words, after "instance type unknown: "). */
    record Answer(String instanceType, String unknownReason) {
        static Answer unknown(String reason) {
            return new Answer(null, reason);
        }
    }

    static Answer instanceType(String given, HostPlatform platform, Map<String, String> environment) {
        if (given != null && !given.isBlank()) {
            return new Answer(given.strip(), null);
        }
        if ("true".equalsIgnoreCase(environment.get(DISABLED_VARIABLE))) {
            return Answer.unknown("instance metadata is off (" + DISABLED_VARIABLE + "); give --instance-type");
        }
        String endpoint = environment.get(ENDPOINT_VARIABLE);
        if (endpoint == null && !platform.looksLikeEc2()) {
            return Answer.unknown("not an EC2 instance; give --instance-type");
        }
        try {
            return ask(endpoint == null ? DEFAULT_ENDPOINT : URI.create(endpoint.endsWith("/") ? endpoint
                    : endpoint + "/"));
        } catch (RuntimeException wrong) {
            return Answer.unknown("no instance metadata (" + wrong.getMessage() + ")");
        }
    }

    private static Answer ask(URI base) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        try {
            HttpResponse<String> token = http.send(HttpRequest.newBuilder(base.resolve("latest/api/token"))
                    .timeout(TIMEOUT).header("X-aws-ec2-metadata-token-ttl-seconds", "60")
                    .PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            if (token.statusCode() != 200 || !TOKEN.matcher(token.body().strip()).matches()) {
                return Answer.unknown("no instance metadata (its token request answered " + described(token) + ")");
            }
            HttpResponse<String> type = http.send(HttpRequest.newBuilder(base.resolve("latest/meta-data/instance-type"))
                    .timeout(TIMEOUT).header("X-aws-ec2-metadata-token", token.body().strip()).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (type.statusCode() != 200 || !INSTANCE_TYPE.matcher(type.body().strip()).matches()) {
                return Answer.unknown("no instance metadata (instance-type answered " + described(type) + ")");
            }
            return new Answer(type.body().strip(), null);
        } catch (IOException e) {
            return Answer.unknown("no instance metadata (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.unknown("no instance metadata (interrupted)");
        }
    }

    private static String described(HttpResponse<String> response) {
        return response.statusCode() == 200 ? "200, but not with one plain line" : String.valueOf(response.statusCode());
    }
}
