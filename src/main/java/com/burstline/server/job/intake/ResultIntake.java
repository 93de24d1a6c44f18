package com.burstline.server.job.intake;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostDrops;
import com.burstline.contract.HostFacts;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.ScenarioResult;
import com.burstline.iperf.Iperf3FormatException;
import com.burstline.iperf.Iperf3MeasuredNothing;
import com.burstline.iperf.Iperf3ReportedError;
import com.burstline.server.hostconfig.HostConfigs;
import com.burstline.server.job.DispatchRefusedException;
import com.burstline.server.job.Dispatches;
import com.burstline.server.job.JobStore;
import com.burstline.server.job.LatencySampleLog;
import com.burstline.server.job.ScenarioStatus;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.latency.LatencyStore;
import com.burstline.server.run.HostDropsStore;
import com.burstline.server.run.ImportOutcome;
import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RawOutput;
import com.burstline.server.run.ReceiverDrops;
import com.burstline.server.run.RunImporter;
import com.burstline.server.run.RunMetadata;
import com.burstline.server.run.RunProvenance;
import com.burstline.server.run.RunSummary;
import com.burstline.server.system.BurstlineProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * Takes a scenario's result from its SUT agent: a successful one becomes a run (with the job's metadata and the
 * agent's facts), and the scenario ends with it. A failed one keeps what iperf3 printed before the failure (its
 * intervals so far) as a partial run with the error, and the failed scenario links it. A result nobody waits for any
 * more (the scenario timed out, or the server restarted and agents deliver from their spool) is still imported:
 * nothing measured is lost, and a complete one turns its failed scenario to SUCCEEDED, late. Delivering the same
 * result again answers the same run.
 */
@Service
public class ResultIntake {
    static final String NDJSON = "application/x-ndjson";
    private static final Logger log = LoggerFactory.getLogger(ResultIntake.class);

    private final JsonMapper json = JsonMapper.builder().build();
    private final RunImporter importer;
    private final JobStore store;
    private final Dispatches dispatches;
    private final long maxOutputBytes;
    private final LatencyStore latency;
    private final LatencySampleLog latencySamples;
    private final HostDropsStore drops;
    private final HostConfigs hostConfigs;

    ResultIntake(RunImporter importer, JobStore store, Dispatches dispatches, BurstlineProperties properties,
                 LatencyStore latency, LatencySampleLog latencySamples, HostDropsStore drops,
                 HostConfigs hostConfigs) {
        this.latency = latency;
        this.latencySamples = latencySamples;
        this.drops = drops;
        this.hostConfigs = hostConfigs;
        this.importer = importer;
        this.store = store;
        this.dispatches = dispatches;
        this.maxOutputBytes = properties.maxUploadSize().toBytes();
    }

    /**
     * @return the run's id: a complete run, a failed scenario's partial run, or null when nothing was kept
     * @throws DispatchRefusedException unless the scenario was dispatched to this agent with the result's nonce
     */
    Long accept(String agent, ScenarioResult result) {
        AttemptKey key = result.key();
        Dispatches.Dispatch dispatch = dispatches.verify(agent, key, result.nonce());
        if (dispatch.resultArrived()) {
            return dispatch.runId(); // the same delivery again: answered as the first, nothing more stored
        }
        Optional<JobStore.ResultContext> context = store.resultContext(key.jobId(), key.scenarioId());
        if (context.isPresent() && context.get().attempt() == key.attempt() && context.get().runId() != null
                && context.get().status() == ScenarioStatus.SUCCEEDED) {
            return context.get().runId();
        }
        boolean complete = Boolean.TRUE.equals(result.succeeded());
        String error = complete ? null : result.error() == null || result.error().isBlank()
                ? "the agent reported a failure without a reason" : result.error();
        Long runId = null;
        LatencyReport report = latencyOf(result);
        try {
            // not a ternary: its long branch would unbox keepPartial's null
            if (complete) {
                runId = importRun(agent, result, context, null, report);
            } else {
                runId = keepPartial(agent, result, context, error, report);
            }
        } catch (Iperf3FormatException | Iperf3ReportedError | Iperf3MeasuredNothing
                 | InvalidRunInputException rejected) {
            error = complete ? "the agent's " + (result.isRequestResponse() ? "request/response" : "iperf3")
                    + " output could not be stored: " + rejected.getMessage() : error;
            complete = false;
        }
        if (runId != null) {
            keepDrops(agent, result, runId);
            hostConfigs.linkRun(key, runId); // both hosts' configurations, read before the attempt, are the run's
        } else if (report != null) {
            latencySamples.offer(key, report); // kept with the run the live samples make, if they make one
        }
        if (context.isPresent()) {
            store.recordResult(key, complete, runId, error);
            store.resultArrived(key);
        }
        return runId;
    }

    /**
     * The SUT's own drop counts join its run before the scenario is marked ended, so that whoever waits for the end
     * finds them; an agent that sent none, or none the server can read, leaves the reason.
     */
    private void keepDrops(String agent, ScenarioResult result, long runId) {
        try {
            HostDrops counted = result.hostDrops();
            if (counted == null) {
                drops.notCounted(runId, ReceiverDrops.SUT, agent, "agent " + agent + " sent no drop counts with its "
                        + "result (an agent older than its server)");
            } else {
                drops.counted(runId, ReceiverDrops.SUT, agent, counted);
            }
        } catch (InvalidMessageException unreadable) {
            drops.notCounted(runId, ReceiverDrops.SUT, agent, "agent " + agent + " sent drop counts the server "
                    + "cannot read: " + unreadable.getMessage());
        }
    }

    /** What iperf3 printed before the failure, as a partial run; null when it printed no measured interval. */
    private Long keepPartial(String agent, ScenarioResult result, Optional<JobStore.ResultContext> context,
                             String error, LatencyReport report) {
        if (result.output() == null || result.output().isBlank()
                || result.isRequestResponse() && (report == null || report.samples().isEmpty())) {
            return null;
        }
        try {
            return importRun(agent, result, context, error, report);
        } catch (Iperf3FormatException | InvalidRunInputException nothingMeasured) {
            return null;
        }
    }

    /** The result's latency report; null when it has none, or one this server cannot read (the run is kept). */
    private static LatencyReport latencyOf(ScenarioResult result) {
        try {
            return result.latencyReport();
        } catch (InvalidMessageException unreadable) {
            log.warn("The latency report of {} was not stored: {}", result.key().describe(), unreadable.getMessage());
            return null;
        }
    }

    /** @param partialError null for a complete run, else the error that ended the scenario */
    private long importRun(String agent, ScenarioResult result, Optional<JobStore.ResultContext> context,
                           String partialError, LatencyReport report) {
        byte[] output = result.output() == null ? new byte[0] : result.output().getBytes(StandardCharsets.UTF_8);
        if (output.length > maxOutputBytes) {
            throw new InvalidRunInputException("the output is " + output.length + " bytes; at most "
                    + maxOutputBytes + " are accepted (burstline.max-upload-size)");
        }
        String mediaType = result.isJsonStream() ? NDJSON : "application/json";
        HostFacts facts = result.hostFacts();
        JobLabels labels = context.map(JobStore.ResultContext::labels).orElse(JobLabels.none());
        RunMetadata metadata = new RunMetadata(agent, context.map(JobStore.ResultContext::peer).orElse(null),
                or(labels.instanceType(), facts.instanceType()), or(labels.driver(), facts.routeDriverOrWhyNot()),
                labels.tags(), null, null);
        RunProvenance provenance = new RunProvenance(context.isPresent() ? result.jobId() : null,
                text(result.facts()), text(result.counters()), text(result.command()),
                context.map(JobStore.ResultContext::targetBitsPerSecond).orElse(null));
        LongConsumer alongside = runId -> {
            if (report != null) {
                latency.insert(runId, report, LatencyStore.FROM_RESULT);
            }
        };
        ImportOutcome outcome;
        if (result.isRequestResponse()) {
            if (report == null) {
                throw new InvalidRunInputException("the agent sent no round trips with its request/response output");
            }
            outcome = importer.importRequestResponse(RequestResponseOutput.read(result.output(), report),
                    new RawOutput(NDJSON, output), metadata, provenance, partialError, alongside);
        } else {
            outcome = partialError == null ? importer.importRun(output, mediaType, metadata, provenance, alongside)
                    : importer.importPartialOutput(output, mediaType, metadata, provenance, partialError, alongside);
        }
        if (!outcome.created() && !madeByThisAttempt(outcome.run(), result.key())) {
            throw new InvalidRunInputException("the output is the same bytes as run " + outcome.run().id()
                    + ", which this scenario did not measure; an agent's result links only to the run its own "
                    + "output made");
        }
        return outcome.run().id();
    }

    /**
     * The same bytes stored before belong to this attempt only when this job's result made them and no other
     * scenario holds them: a delivery whose answer was lost before the scenario recorded it. An upload's bytes, or
     * another job's or scenario's, sent as a result must not link that unrelated run.
     */
    private boolean madeByThisAttempt(RunSummary existing, AttemptKey key) {
        return existing.jobId() != null && existing.jobId() == key.jobId()
                && !store.runHeldByAnotherScenario(key, existing.id());
    }

    /** The job's label over the agent's fact. */
    private static String or(String label, String fact) {
        return label != null ? label : fact;
    }

    /** The agent's facts, counters and argument list are stored as the JSON it sent. */
    private String text(Object value) {
        return value == null ? null : json.writeValueAsString(value);
    }
}
