package com.burstline.server.run;

import com.burstline.iperf.IgnoredValue;
import com.burstline.iperf.Iperf3FormatException;
import com.burstline.iperf.Iperf3MeasuredNothing;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Iperf3ReportedError;
import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3Result;
import com.burstline.server.catalog.InstanceCatalog;
import com.burstline.server.storage.StorageHealth;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Imports one iperf3 output: checks the metadata, parses, and stores the summary, the raw bytes and every interval
 * row in one transaction, so that a failure leaves nothing behind. The same bytes imported twice give the same run;
 * that check happens in the same transaction, because it runs on every upload (see the upload benchmark).
 */
@Service
public class RunImporter {
    private static final LongConsumer NOTHING_ALONGSIDE = runId -> { };
    private final Iperf3OutputParser parser = new Iperf3OutputParser();
    private final RunRepository runs;
    private final RunSummaries summaries;
    private final IntervalStore intervals;
    private final RawOutputStore rawOutputs;
    private final RunNotes notes;
    private final ContentHashes hashes;
    private final RunWriter writer;
    private final InstanceCatalog catalog;
    private final TransactionTemplate transaction;
    private final MeterRegistry meters;
    private final RunMetrics runMetrics;
    private final StorageHealth storage;
    private final KeptSeriesFigures series;
    private final Clock clock;

    RunImporter(RunRepository runs, RunSummaries summaries, RunWriter writer, IntervalStore intervals,
                RawOutputStore rawOutputs, ContentHashes hashes, InstanceCatalog catalog,
                TransactionTemplate transaction, MeterRegistry meters, RunMetrics runMetrics, StorageHealth storage,
                RunNotes notes, KeptSeriesFigures series) {
        this.notes = notes;
        this.runs = runs;
        this.summaries = summaries;
        this.intervals = intervals;
        this.rawOutputs = rawOutputs;
        this.hashes = hashes;
        this.writer = writer;
        this.catalog = catalog;
        this.transaction = transaction;
        this.meters = meters;
        this.runMetrics = runMetrics;
        this.storage = storage;
        this.series = series;
        this.clock = Clock.systemUTC();
    }

    /**
     * @throws InvalidRunInputException when the metadata is out of bounds
     * @throws Iperf3FormatException    when the content is not iperf3 output
     * @throws Iperf3ReportedError      when iperf3 reported that its test failed
     * @throws Iperf3MeasuredNothing    when iperf3's test never began
     * @throws RunLabelConflictException when these bytes are stored already under other labels
     */
    public ImportOutcome importRun(byte[] content, String mediaType, RunMetadata metadata) {
        return importRun(content, mediaType, metadata, RunProvenance.none());
    }

    /**
     * Imports a run measured by an agent, keeping where it came from. When the same bytes were imported before, the
     * earlier run is the answer and its provenance stays as it was.
     *
     * @see #importRun(byte[], String, RunMetadata)
     */
    public ImportOutcome importRun(byte[] content, String mediaType, RunMetadata metadata, RunProvenance provenance) {
        return importRun(content, mediaType, metadata, provenance, NOTHING_ALONGSIDE);
    }

    /**
     * As {@link #importRun(byte[], String, RunMetadata, RunProvenance)}; {@code alongside} stores what belongs to a
     * new run (its latency figures) with its id, in the same transaction, so the run and they are kept together or
     * not at all. It is not called for bytes stored before.
     */
    public ImportOutcome importRun(byte[] content, String mediaType, RunMetadata metadata, RunProvenance provenance,
                                   LongConsumer alongside) {
        MetadataRules.check(metadata);
        Iperf3OutputParser.Checked checked;
        try {
            checked = parse(content, mediaType, false);
        } catch (Iperf3FormatException | Iperf3ReportedError | Iperf3MeasuredNothing rejected) {
            meters.counter("burstline.runs.imports", "outcome", "rejected").increment();
            throw rejected;
        }
        return save(new Parsed(checked.result(), null), checked.ignored(), new RawOutput(mediaType, content), null,
                metadata, provenance, null, alongside);
    }

    /**
     * Keeps iperf3's own output of a scenario that failed or was cancelled midway, as a partial run with the error:
     * the same checks and raw bytes as any run, its figures from the intervals measured until then.
     *
     * @throws Iperf3FormatException when the content is not iperf3 output or holds no measured interval
     */
    public ImportOutcome importPartialOutput(byte[] content, String mediaType, RunMetadata metadata,
                                             RunProvenance provenance, String error) {
        return importPartialOutput(content, mediaType, metadata, provenance, error, NOTHING_ALONGSIDE);
    }

    /** As the other, with what belongs to a new run stored alongside it ({@link #importRun}'s {@code alongside}). */
    public ImportOutcome importPartialOutput(byte[] content, String mediaType, RunMetadata metadata,
                                             RunProvenance provenance, String error, LongConsumer alongside) {
        MetadataRules.check(metadata);
        Iperf3OutputParser.Checked checked = parse(content, mediaType, true);
        return save(new Parsed(checked.result(), null), checked.ignored(), new RawOutput(mediaType, content), null,
                metadata, provenance, error, alongside);
    }

    /**
     * Keeps what arrived of a scenario whose tool output never came (its agent was lost), as a partial run: the
     * caller builds the result and the raw document that says what it is.
     *
     * @param outputFormat what the raw document is, e.g. {@code live-samples}
     */
    public ImportOutcome importPartial(Iperf3Result result, RawOutput raw, String outputFormat, RunMetadata metadata,
                                       RunProvenance provenance, String error) {
        return importPartial(result, raw, outputFormat, metadata, provenance, error, NOTHING_ALONGSIDE);
    }

    /** As the other, with what belongs to a new run stored alongside it ({@link #importRun}'s {@code alongside}). */
    public ImportOutcome importPartial(Iperf3Result result, RawOutput raw, String outputFormat, RunMetadata metadata,
                                       RunProvenance provenance, String error, LongConsumer alongside) {
        MetadataRules.check(metadata);
        return save(new Parsed(result, null), List.of(), raw, outputFormat, metadata, provenance, error, alongside);
    }

    /**
     * Stores a request/response scenario's run (UDP_RR, TCP_RR: the engine's {@code rr -c} output as its raw bytes),
     * complete or, with {@code error}, partial; {@code alongside} stores its round trips with it.
     */
    public ImportOutcome importRequestResponse(RequestResponseRun result, RawOutput raw, RunMetadata metadata,
                                               RunProvenance provenance, String error, LongConsumer alongside) {
        MetadataRules.check(metadata);
        return save(new Parsed(null, result), List.of(), raw, null, metadata, provenance, error, alongside);
    }

    /** One of the two kinds of run, as read. */
    private record Parsed(Iperf3Result iperf3, RequestResponseRun requestResponse) {
    }

    /**
     * @param ignored what the check read as unknown rather than refused, kept as the run's notes
     * @param error   null for a complete run, else why it is partial
     */
    private ImportOutcome save(Parsed result, List<IgnoredValue> ignored, RawOutput raw, String outputFormat,
                               RunMetadata metadata, RunProvenance provenance, String error,
                               LongConsumer alongside) {
        String sha256 = sha256(raw.content());
        storage.requireRoomFor(raw.content().length);
        try {
            ImportOutcome outcome = transaction.execute(status -> hashes.runIdOf(sha256)
                    .map(id -> new ImportOutcome(duplicate(id, metadata, provenance), false))
                    .orElseGet(() -> new ImportOutcome(store(result, ignored, metadata, provenance, sha256, raw,
                            new Partial(outputFormat, error), alongside), true)));
            storage.writeSucceeded();
            meters.counter("burstline.runs.imports", "outcome", outcome.created() ? "created" : "duplicate")
                    .increment();
            if (outcome.created()) {
                runMetrics.arrived(outcome.run());
            }
            return outcome;
        } catch (DataIntegrityViolationException sameBytesAtOnce) {
            // Two uploads of the same bytes raced; the unique hash let one through and that one is the answer.
            Long winner = transaction.execute(status -> hashes.runIdOf(sha256).orElse(null));
            if (winner == null) {
                throw sameBytesAtOnce;
            }
            return new ImportOutcome(transaction.execute(status -> duplicate(winner, metadata, provenance)), false);
        }
    }

    /** How a partial run differs from a complete one; both null for a complete run. */
    private record Partial(String outputFormat, String error) {
    }

    /** Checks what the parser cannot see on its own: the bytes are UTF-8, the values can be, the type matches. */
    private Iperf3OutputParser.Checked parse(byte[] content, String mediaType, boolean partial) {
        Iperf3OutputParser.Checked checked;
        try {
            checked = parser.checkAndRead(content, partial);
        } catch (DateTimeException outOfRange) {
            throw new Iperf3FormatException("start.timestamp is out of range; a real iperf3 run has a time in the "
                    + "years 2000 to 2099", outOfRange);
        }
        DeclaredFormat.check(checked.result().format(), mediaType);
        return checked;
    }

    private RunSummary store(Parsed result, List<IgnoredValue> ignored, RunMetadata metadata,
                             RunProvenance provenance, String sha256, RawOutput raw, Partial partial,
                             LongConsumer alongside) {
        Limits limits = Limits.resolve(metadata, catalog);
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS); // what the database keeps, so answers match
        Run run = result.iperf3() != null ? new Run(result.iperf3(), metadata, limits, provenance, sha256, now)
                : new Run(result.requestResponse(), metadata, limits, provenance, sha256, now);
        if (partial.error() != null) {
            run.markPartial(partial.error(), partial.outputFormat());
        }
        writer.insert(run);
        rawOutputs.insert(run.getId(), raw);
        if (result.iperf3() != null) {
            intervals.insert(run.getId(), result.iperf3().intervals());
        }
        notes.insert(run.getId(), ignored);
        alongside.accept(run.getId());
        List<IntervalSample> sampled = result.iperf3() == null ? List.of() : result.iperf3().intervals();
        SeriesFigures figures = SeriesFigures.of(Series.of(run.seriesSubject().scenario(), IntervalSides.received(
                ClosingIntervals.mark(sampled.stream().filter(IntervalSample::isSum)
                        .map(sample -> new IntervalRow(sample, false)).toList()))));
        if (LongRuns.isLong(sampled.size())) {
            series.insert(run.getId(), figures); // so that no read of a long run change-points it again
        }
        return run.toSummary(figures);
    }

    /**
     * The run that holds these bytes already. An upload under other labels is refused (409) rather than answered
     * "already stored" with its labels dropped. A result an agent delivers again keeps the run as it is: its labels
     * come from the job, and may have been corrected since.
     */
    private RunSummary duplicate(long id, RunMetadata metadata, RunProvenance provenance) {
        Run run = runs.findById(id).orElseThrow(() -> new RunNotFoundException(id));
        if (provenance.jobId() == null) {
            List<LabelDifference> differences = run.labels()
                    .differencesTo(RunLabels.of(metadata, Limits.resolve(metadata, catalog)));
            if (!differences.isEmpty()) {
                throw new RunLabelConflictException(id, differences);
            }
        }
        return summaries.of(run);
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JVM has SHA-256", e);
        }
    }
}
