package com.burstline.server.system;

import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

import java.net.URI;
import java.util.List;

/** The stable {@code type} URIs of Burstline's RFC 9457 problem details; clients may switch on them. */
public final class ProblemTypes {
    public static final URI INVALID_INPUT = uri("invalid-input");
    public static final URI INVALID_IPERF3_OUTPUT = uri("invalid-iperf3-output");
    public static final URI IPERF3_REPORTED_ERROR = uri("iperf3-reported-error");
    public static final URI IPERF3_MEASURED_NOTHING = uri("iperf3-measured-nothing");
    public static final URI NOT_FOUND = uri("not-found");
    public static final URI LABEL_CONFLICT = uri("label-conflict");
    public static final URI UNSUPPORTED_MEDIA_TYPE = uri("unsupported-media-type");
    public static final URI PAYLOAD_TOO_LARGE = uri("payload-too-large");
    public static final URI UPLOAD_INTERRUPTED = uri("upload-interrupted");
    public static final URI UNAUTHORIZED = uri("unauthorized");
    public static final URI FORBIDDEN = uri("forbidden");
    public static final URI INTERNAL = uri("internal-error");
    public static final URI HTTP_ERROR = uri("http-error");
    public static final URI IMPLAUSIBLE_VALUE = uri("implausible-value");
    public static final URI STORAGE_UNAVAILABLE = uri("storage-unavailable");
    public static final URI SHUTTING_DOWN = uri("shutting-down");
    public static final URI AGENT_NAME_TAKEN = uri("agent-name-taken");
    public static final URI CERTIFICATE_MOVED = uri("agent-certificate-moved");
    public static final URI CONFLICT = uri("conflict");
    public static final URI TOO_MANY_FAILURES = uri("too-many-failures");

    private ProblemTypes() {
    }

    public static ProblemDetail problem(HttpStatusCode status, URI type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(type);
        problem.setTitle(title);
        return problem;
    }

    /** A 400 listing every problem found in {@code errors}, so a client can show them all at once. */
    public static ProblemDetail invalidInput(List<String> problems) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, INVALID_INPUT, "Invalid input",
                String.join("; ", problems));
        problem.setProperty("errors", problems);
        return problem;
    }

    private static URI uri(String name) {
        return URI.create("urn:burstline:problem:" + name);
    }
}
