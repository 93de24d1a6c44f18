package com.burstline.server.errors;

import com.burstline.server.system.ProblemTypes;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

import java.net.URI;
import java.util.function.BiFunction;

/** One line of {@link ErrorTable}: how one kind of failure answers. Set up once, while the table is built. */
final class Row {
    private final HttpStatus status;
    private final URI type;
    private final String title;
    private BiFunction<Throwable, String, ProblemDetail> body;
    private String detail;
    private int retryAfterSeconds;
    private boolean storage;
    private boolean wraps;

    Row(HttpStatus status, URI type, String title) {
        this.status = status;
        this.type = type;
        this.title = title;
    }

    /** A body built from the exception and the controller's example of a good request body. */
    Row body(BiFunction<Throwable, String, ProblemDetail> builder) {
        this.body = builder;
        return this;
    }

    /** A detail of its own instead of the exception's message. */
    Row detail(String fixed) {
        this.detail = fixed;
        return this;
    }

    /** The request may succeed as it is later: say when to try again. */
    Row retryAfter(int seconds) {
        this.retryAfterSeconds = seconds;
        return this;
    }

    /** The database failed: a failed write takes the service out of readiness. */
    Row storage() {
        this.storage = true;
        return this;
    }

    /** Spring's wrapper of another exception: a domain exception among its causes answers instead. */
    Row wrapper() {
        this.wraps = true;
        return this;
    }

    HttpStatus status() {
        return status;
    }

    String title() {
        return title;
    }

    int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    boolean isStorage() {
        return storage;
    }

    boolean wraps() {
        return wraps;
    }

    ProblemDetail problem(Throwable error, String bodyExample) {
        if (body != null) {
            return body.apply(error, bodyExample);
        }
        return ProblemTypes.problem(status, type, title, detail != null ? detail : error.getMessage());
    }
}
