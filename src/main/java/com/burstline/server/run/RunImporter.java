package com.burstline.server.run;

import com.burstline.iperf.Iperf3FormatException;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Iperf3ReportedError;
import com.burstline.iperf.Iperf3Result;
import com.burstline.server.catalog.InstanceCatalog;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;

/**
 * Imports one iperf3 output: checks the metadata, parses, and stores the summary, the raw bytes and every interval
 * row in one transaction, so that a failure leaves nothing behind. The same bytes imported twice give the same run;
 * that check happens in the same transaction, because it runs on every upload (see the upload benchmark).
 */
@Service
public class RunImporter {
    private final Iperf3OutputParser parser = new Iperf3OutputParser();
    private final RunRepository runs;
    private final IntervalStore intervals;
    private final RawOutputStore rawOutputs;
    private final ContentHashes hashes;
    private final RunWriter writer;
    private final InstanceCatalog catalog;
    private final TransactionTemplate transaction;
    private final MeterRegistry meters;
    private final RunMetrics runMetrics;
    private final Clock clock;

    RunImporter(RunRepository runs, RunWriter writer, IntervalStore intervals, RawOutputStore rawOutputs,
                ContentHashes hashes, InstanceCatalog catalog, TransactionTemplate transaction, MeterRegistry meters,
                RunMetrics runMetrics) {
        this.runs = runs;
        this.intervals = intervals;
        this.rawOutputs = rawOutputs;
        this.hashes = hashes;
        this.writer = writer;
        this.catalog = catalog;
        this.transaction = transaction;
        this.meters = meters;
        this.runMetrics = runMetrics;
        this.clock = Clock.systemUTC();
    }

    /**
     * @throws InvalidRunInputException when the metadata is out of bounds
     * @throws Iperf3FormatException    when the content is not iperf3 output
     * @throws Iperf3ReportedError      when iperf3 reported that its test failed
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
        MetadataRules.check(metadata);
        Iperf3Result result;
        try {
            result = parser.parse(content);
        } catch (Iperf3FormatException | Iperf3ReportedError rejected) {
            meters.counter("burstline.runs.imports", "outcome", "rejected").increment();
            throw rejected;
        }
        String sha256 = sha256(content);
        try {
            ImportOutcome outcome = transaction.execute(status -> hashes.runIdOf(sha256)
                    .map(id -> new ImportOutcome(summaryOf(id), false))
                    .orElseGet(() -> new ImportOutcome(store(result, metadata, provenance, sha256,
                            new RawOutput(mediaType, content)), true)));
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
            return new ImportOutcome(transaction.execute(status -> summaryOf(winner)), false);
        }
    }

    private RunSummary store(Iperf3Result result, RunMetadata metadata, RunProvenance provenance, String sha256,
                             RawOutput raw) {
        Run run = new Run(result, metadata, ResolvedLimits.of(metadata, catalog), provenance, sha256,
                clock.instant().truncatedTo(ChronoUnit.MICROS)); // what the database keeps, so answers match reads
        writer.insert(run);
        rawOutputs.insert(run.getId(), raw);
        intervals.insert(run.getId(), result.intervals());
        return run.toSummary();
    }

    private RunSummary summaryOf(long id) {
        return runs.findById(id).map(Run::toSummary).orElseThrow(() -> new RunNotFoundException(id));
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JVM has SHA-256", e);
        }
    }
}
