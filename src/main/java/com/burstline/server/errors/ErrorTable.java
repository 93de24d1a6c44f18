package com.burstline.server.errors;

import com.burstline.iperf.ImplausibleValueException;
import com.burstline.iperf.Iperf3FormatException;
import com.burstline.iperf.Iperf3MeasuredNothing;
import com.burstline.iperf.Iperf3ReportedError;
import com.burstline.server.compare.InvalidSelectionException;
import com.burstline.server.fleet.AgentNameTakenException;
import com.burstline.server.fleet.AgentNotFoundException;
import com.burstline.server.fleet.CertificateMovedException;
import com.burstline.server.fleet.InvalidAgentException;
import com.burstline.server.fleet.JoinTokenNotFoundException;
import com.burstline.server.fleet.NotThisAgentException;
import com.burstline.server.job.DispatchRefusedException;
import com.burstline.server.job.JobFinishedException;
import com.burstline.server.job.JobNotFoundException;
import com.burstline.server.job.JobQueueFullException;
import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.run.ContentEncodings;
import com.burstline.server.run.DeclaredFormat;
import com.burstline.server.run.InvalidLabelsException;
import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.LabelDifference;
import com.burstline.server.run.RunLabelConflictException;
import com.burstline.server.run.RunNotFoundException;
import com.burstline.server.run.UnknownLabelException;
import com.burstline.server.run.UploadInterruptedException;
import com.burstline.server.run.UploadTooLargeException;
import com.burstline.server.schedule.InvalidScheduleException;
import com.burstline.server.schedule.ScheduleNameTakenException;
import com.burstline.server.schedule.ScheduleNotFoundException;
import com.burstline.server.security.AccessConflictException;
import com.burstline.server.security.AccessNotFoundException;
import com.burstline.server.security.InvalidAccessRequestException;
import com.burstline.server.security.JoinTokenRefusedException;
import com.burstline.server.security.TooManyFailuresException;
import com.burstline.server.storage.StorageFullException;
import com.burstline.server.system.ProblemTypes;
import com.burstline.server.system.RequestBodyProblems;
import com.burstline.server.system.SlowBodyException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.transaction.TransactionException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static org.springframework.http.HttpStatus.BAD_REQUEST;
import static org.springframework.http.HttpStatus.CONFLICT;
import static org.springframework.http.HttpStatus.CONTENT_TOO_LARGE;
import static org.springframework.http.HttpStatus.FORBIDDEN;
import static org.springframework.http.HttpStatus.NOT_FOUND;
import static org.springframework.http.HttpStatus.REQUEST_TIMEOUT;
import static org.springframework.http.HttpStatus.SERVICE_UNAVAILABLE;
import static org.springframework.http.HttpStatus.TOO_MANY_REQUESTS;
import static org.springframework.http.HttpStatus.UNAUTHORIZED;
import static org.springframework.http.HttpStatus.UNPROCESSABLE_CONTENT;
import static org.springframework.http.HttpStatus.UNSUPPORTED_MEDIA_TYPE;

/**
 * Which exception answers with which status, problem type and title: the one table to scan. A subclass without a row
 * of its own takes its nearest ancestor's. Rows whose detail is more than the message say how they build it.
 */
final class ErrorTable {
    private static final String STORAGE_DETAIL = "The database cannot store or read this right now (disk full or database "
            + "unreachable); nothing of this request was stored. Try again later.";
    private static final String INTERRUPTED_DETAIL = "The upload could not be read to its end (the connection "
            + "broke, or the server is stopping); nothing was stored. Send it again.";

    private static final String MULTIPART_DETAIL = "The upload's multipart/form-data body cannot be read (no "
            + "boundary, or parts cut short); nothing was stored. Choose the files on the upload page again.";

    private static final Map<Class<?>, Row> ROWS = new LinkedHashMap<>();

    static {
        // input a client can correct
        row(InvalidJobException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid input")
                .body((e, example) -> ProblemTypes.invalidInput(((InvalidJobException) e).problems()));
        row(InvalidScheduleException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid input")
                .body((e, example) -> ProblemTypes.invalidInput(((InvalidScheduleException) e).problems()));
        row(InvalidRunInputException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid input");
        row(InvalidLabelsException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid input")
                .body((e, example) -> ProblemTypes.invalidInput(((InvalidLabelsException) e).problems()));
        row(InvalidSelectionException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid input");
        row(InvalidAgentException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid agent");
        row(InvalidAccessRequestException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid request");
        row(UnknownLabelException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid input")
                .body((e, example) -> RequestBodyProblems.unknownField(((UnknownLabelException) e).field(),
                        ((UnknownLabelException) e).known()));
        // the upload page's form, whose multipart body the container could not take apart (MalformedRequests
        // refuses multipart everywhere else); one too large keeps Spring's 413
        row(MultipartException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Malformed upload")
                .detail(MULTIPART_DETAIL);
        ROWS.put(MaxUploadSizeExceededException.class, null);
        row(HttpMessageNotReadableException.class, BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid input")
                .body((e, example) -> RequestBodyProblems.unreadable((HttpMessageNotReadableException) e, example))
                .wrapper();
        // what was uploaded
        row(Iperf3FormatException.class, BAD_REQUEST, ProblemTypes.INVALID_IPERF3_OUTPUT, "Not iperf3 output");
        row(ImplausibleValueException.class, BAD_REQUEST, ProblemTypes.IMPLAUSIBLE_VALUE, "Implausible value");
        row(Iperf3ReportedError.class, UNPROCESSABLE_CONTENT, ProblemTypes.IPERF3_REPORTED_ERROR,
                "iperf3 reported an error");
        row(Iperf3MeasuredNothing.class, UNPROCESSABLE_CONTENT, ProblemTypes.IPERF3_MEASURED_NOTHING,
                Iperf3MeasuredNothing.TITLE);
        row(DeclaredFormat.Mismatch.class, UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED_MEDIA_TYPE,
                "Content type does not match the output");
        row(ContentEncodings.Unsupported.class, UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED_MEDIA_TYPE,
                "Content encoding not accepted");
        row(UploadTooLargeException.class, CONTENT_TOO_LARGE, ProblemTypes.PAYLOAD_TOO_LARGE, "Upload too large");
        row(RunLabelConflictException.class, CONFLICT, ProblemTypes.LABEL_CONFLICT, "Stored already with other labels")
                .body((e, example) -> labelConflict((RunLabelConflictException) e));
        // missing things
        row(RunNotFoundException.class, NOT_FOUND, ProblemTypes.NOT_FOUND, "Run not found");
        row(JobNotFoundException.class, NOT_FOUND, ProblemTypes.NOT_FOUND, "Job not found");
        row(ScheduleNotFoundException.class, NOT_FOUND, ProblemTypes.NOT_FOUND, "Schedule not found");
        row(AgentNotFoundException.class, NOT_FOUND, ProblemTypes.NOT_FOUND, "Agent not found");
        row(JoinTokenNotFoundException.class, NOT_FOUND, ProblemTypes.NOT_FOUND, "Join token not found");
        row(AccessNotFoundException.class, NOT_FOUND, ProblemTypes.NOT_FOUND, "Not found");
        // states that refuse the request
        row(JobFinishedException.class, CONFLICT, ProblemTypes.HTTP_ERROR, "Job already finished");
        row(ScheduleNameTakenException.class, CONFLICT, ProblemTypes.HTTP_ERROR, "Schedule name taken");
        row(AgentNameTakenException.class, CONFLICT, ProblemTypes.AGENT_NAME_TAKEN, "Agent name taken");
        row(CertificateMovedException.class, CONFLICT, ProblemTypes.CERTIFICATE_MOVED,
                "Agent certificate changed again");
        row(AccessConflictException.class, CONFLICT, ProblemTypes.CONFLICT, "Conflict");
        row(JobQueueFullException.class, TOO_MANY_REQUESTS, ProblemTypes.HTTP_ERROR, "Too many jobs waiting");
        row(TooManyFailuresException.class, TOO_MANY_REQUESTS, ProblemTypes.TOO_MANY_FAILURES, "Too many failures");
        // who may do what
        row(DispatchRefusedException.class, FORBIDDEN, ProblemTypes.FORBIDDEN, "Not this agent's scenario");
        row(NotThisAgentException.class, FORBIDDEN, ProblemTypes.FORBIDDEN, "Not this agent");
        // used, revoked or expired between the security check and the enrollment's transaction
        row(JoinTokenRefusedException.class, UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Join token refused");
        // nothing was stored and the same request may simply be sent again
        // a broken upload is worth sending again, unless it broke because it was too slow: then it says so
        row(UploadInterruptedException.class, SERVICE_UNAVAILABLE, ProblemTypes.UPLOAD_INTERRUPTED,
                "Upload interrupted").retryAfter(5).detail(INTERRUPTED_DETAIL).wrapper();
        row(SlowBodyException.class, REQUEST_TIMEOUT, ProblemTypes.HTTP_ERROR, "Request body too slow");
        storageUnavailable(StorageFullException.class);
        storageUnavailable(DataAccessException.class);
        storageUnavailable(TransactionException.class);
        // a constraint violation is the feature's own bug, not the storage failing: Spring's default answer
        ROWS.put(DataIntegrityViolationException.class, null);
    }

    private ErrorTable() {
    }

    /**
     * The row for {@code error} or, when the error only wraps one (a request body whose JSON reader threw a domain
     * exception), the row of the domain exception among its causes.
     */
    static Optional<Match> find(Throwable error) {
        Match wrapper = null;
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            Optional<Row> row = rowOf(cause.getClass());
            if (row == null) {
                return Optional.empty();
            }
            if (row.isPresent() && !row.get().wraps()) {
                return Optional.of(new Match(row.get(), cause));
            }
            if (row.isPresent() && wrapper == null) {
                wrapper = new Match(row.get(), cause);
            }
        }
        return Optional.ofNullable(wrapper);
    }

    /** The row that answers and the exception (the thrown one or one of its causes) it answers for. */
    record Match(Row row, Throwable error) {
        ProblemDetail problem(String bodyExample) {
            return row.problem(error, bodyExample);
        }
    }

    /** null for a class the table hands back to Spring, else the nearest row, if any. */
    private static Optional<Row> rowOf(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (ROWS.containsKey(c)) {
                Row row = ROWS.get(c);
                return row == null ? null : Optional.of(row);
            }
        }
        return Optional.empty();
    }

    private static Row row(Class<? extends Exception> type, HttpStatus status, URI problemType, String title) {
        Row row = new Row(status, problemType, title);
        ROWS.put(type, row);
        return row;
    }

    /** The database could not do its part: 503, try again later, and a failed write counts against readiness. */
    private static void storageUnavailable(Class<? extends Exception> type) {
        row(type, SERVICE_UNAVAILABLE, ProblemTypes.STORAGE_UNAVAILABLE, "Storage unavailable").retryAfter(10)
                .detail(STORAGE_DETAIL).storage();
    }

    private static ProblemDetail labelConflict(RunLabelConflictException error) {
        ProblemDetail problem = ProblemTypes.problem(CONFLICT, ProblemTypes.LABEL_CONFLICT,
                "Stored already with other labels", error.getMessage());
        problem.setProperty("runId", error.runId());
        problem.setProperty("run", "/api/v1/runs/" + error.runId());
        problem.setProperty("fields", error.differences().stream().map(LabelDifference::field).toList());
        problem.setProperty("differences", error.differences());
        return problem;
    }
}
