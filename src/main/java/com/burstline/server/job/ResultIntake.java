package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostFacts;
import com.burstline.contract.ScenarioResult;
import com.burstline.iperf.Iperf3FormatException;
import com.burstline.iperf.Iperf3ReportedError;
import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RunImporter;
import com.burstline.server.run.RunMetadata;
import com.burstline.server.run.RunProvenance;
import com.burstline.server.system.BurstlineProperties;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;

/**
 * Takes a scenario's result from its SUT agent: a successful one becomes a run (with the job's metadata and the
 * agent's facts), and the scenario ends with it. Only a result of a scenario dispatched to this agent, with that
 * dispatch's nonce, is taken ({@link Dispatches}). A result nobody waits for any more (the scenario timed out, or the
 * server restarted and agents deliver from their spool) is still imported: nothing measured is lost. Delivering the
 * same result again answers the same run and stores nothing.
 */
@Service
class ResultIntake {
    static final String NDJSON = "application/x-ndjson";

    private final JsonMapper json = JsonMapper.builder().build();
    private final RunImporter importer;
    private final JobStore store;
    private final Dispatches dispatches;
    private final long maxOutputBytes;

    ResultIntake(RunImporter importer, JobStore store, Dispatches dispatches, BurstlineProperties properties) {
        this.importer = importer;
        this.store = store;
        this.dispatches = dispatches;
        this.maxOutputBytes = properties.maxUploadSize().toBytes();
    }

    /**
     * @return the run's id, or null when the scenario failed
     * @throws DispatchRefusedException when the result is not of a scenario dispatched to this agent
     */
    Long accept(String agent, ScenarioResult result) {
        AttemptKey key = result.key();
        Dispatches.Dispatch dispatch = dispatches.verify(agent, key, result.nonce());
        if (dispatch.resultArrived()) {
            return dispatch.runId();
        }
        Long runId = null;
        String error = result.error() == null || result.error().isBlank()
                ? "the agent reported a failure without a reason" : result.error();
        if (Boolean.TRUE.equals(result.succeeded())) {
            try {
                runId = importRun(agent, result, dispatch);
                error = null;
            } catch (Iperf3FormatException | Iperf3ReportedError | InvalidRunInputException rejected) {
                error = "the agent's iperf3 output could not be stored: " + rejected.getMessage();
            }
        }
        store.recordResult(key, runId, error);
        store.resultArrived(key);
        return runId;
    }

    private long importRun(String agent, ScenarioResult result, Dispatches.Dispatch dispatch) {
        byte[] output = result.output() == null ? new byte[0] : result.output().getBytes(StandardCharsets.UTF_8);
        if (output.length > maxOutputBytes) {
            throw new InvalidRunInputException("the output is " + output.length + " bytes; at most "
                    + maxOutputBytes + " are accepted (burstline.max-upload-size)");
        }
        String mediaType = result.isJsonStream() ? NDJSON : "application/json";
        HostFacts facts = result.hostFacts();
        RunMetadata metadata = new RunMetadata(agent, dispatch.peer(), facts.instanceType(), facts.routeDriver(),
                dispatch.tags(), null, null);
        RunProvenance provenance = new RunProvenance(result.jobId(),
                text(result.facts()), text(result.counters()), text(result.command()));
        return importer.importRun(output, mediaType, metadata, provenance).run().id();
    }

    /** The agent's facts, counters and argument list are stored as the JSON it sent. */
    private String text(Object value) {
        return value == null ? null : json.writeValueAsString(value);
    }
}
