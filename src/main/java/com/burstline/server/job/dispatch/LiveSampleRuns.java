package com.burstline.server.job.dispatch;

import com.burstline.contract.Scenario;
import com.burstline.contract.Json;
import com.burstline.contract.LatencySummary;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.Direction;
import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3FormatException;
import com.burstline.iperf.Iperf3Result;
import com.burstline.contract.Protocol;
import com.burstline.iperf.OutputSide;
import com.burstline.iperf.Side;
import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.hostconfig.HostConfigs;
import com.burstline.server.job.JobStore;
import com.burstline.server.job.ScenarioWork;
import com.burstline.server.job.LatencySampleLog;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.latency.LatencyStore;
import com.burstline.server.run.RawOutput;
import com.burstline.server.run.RequestResponseRun;
import com.burstline.server.run.RunImporter;
import com.burstline.server.run.RunMetadata;
import com.burstline.server.run.RunProvenance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * Keeps what a scenario measured when its SUT agent was lost and iperf3's output never came: a partial run built
 * from the live samples the server received. Its raw bytes are not iperf3's, and say so: a JSON document naming what
 * it is, why, and holding every sample batch as it arrived.
 */
@Service
class LiveSampleRuns {
    static final String MEDIA_TYPE = "application/vnd.burstline.live-samples+json";
    static final String FORMAT = "live-samples";
    private static final Logger log = LoggerFactory.getLogger(LiveSampleRuns.class);

    private final RunImporter importer;
    private final JobStore store;
    private final AgentRegistry agents;
    private final LatencyStore latencyStore;
    private final Clock clock = Clock.systemUTC();

    private final HostConfigs hostConfigs;

    LiveSampleRuns(RunImporter importer, JobStore store, AgentRegistry agents, LatencyStore latencyStore,
                   HostConfigs hostConfigs) {
        this.hostConfigs = hostConfigs;
        this.importer = importer;
        this.store = store;
        this.agents = agents;
        this.latencyStore = latencyStore;
    }

    /** Stores the samples as a partial run and links it to the failed scenario; nothing when none arrived. */
    void keep(ScenarioWork work, List<LiveSamples> batches, String error) {
        keep(work, batches, null, error);
    }

    /**
     * As the other, with the scenario's latency as far as it arrived (its loaded-latency probe's, or a
     * request/response scenario's, which makes the run on its own); null for none.
     */
    void keep(ScenarioWork work, List<LiveSamples> batches, LatencySampleLog.Taken latency, String error) {
        if (work.scenario().requestResponse()) {
            keepRequestResponse(work, latency, error);
            return;
        }
        if (batches.stream().allMatch(batch -> batch.samples().isEmpty())) {
            return;
        }
        try {
            Iperf3Result result = result(work.scenario(), batches);
            long runId = importer.importPartial(result, new RawOutput(MEDIA_TYPE, document(work, batches, error)),
                    FORMAT, metadata(work), new RunProvenance(work.key().jobId(), null, null, null),
                    error + " (kept from the live samples the server received: iperf3's output never arrived)",
                    alongside(latency)).run().id();
            store.linkRun(work.key(), runId);
            hostConfigs.linkRun(work.key(), runId);
        } catch (Iperf3FormatException nothingMeasured) {
            log.info("The live samples of {} held no measured interval", work.key().describe());
        }
    }

    /** A request/response scenario whose result never came: its run is made of the latency samples that did. */
    private void keepRequestResponse(ScenarioWork work, LatencySampleLog.Taken latency, String error) {
        if (latency == null || latency.report().samples().isEmpty()) {
            return;
        }
        Scenario scenario = work.scenario();
        LatencySummary summary = latency.report().summary();
        RequestResponseRun run = new RequestResponseRun(null, null, scenario.protocol(), scenario.streams(),
                scenario.messageBytes(), scenario.durationSeconds(), scenario.omitSeconds(), summary.clientCpuPercent(),
                summary.serverCpuPercent(), latency.report().samples().size());
        Map<String, Object> document = header(work, error, "burstline-latency-samples", "Not the engine's output. "
                + "The SUT agent's result never reached the server; these are the latency samples the server "
                + "received while the request/response scenario ran, with the summary so far.");
        document.put("report", latency.report().toJson());
        long runId = importer.importRequestResponse(run, new RawOutput(MEDIA_TYPE,
                        Json.write(document).getBytes(StandardCharsets.UTF_8)), metadata(work),
                new RunProvenance(work.key().jobId(), null, null, null),
                error + " (kept from the latency samples the server received: the agent's result never arrived)",
                alongside(latency)).run().id();
        store.linkRun(work.key(), runId);
    }

    private LongConsumer alongside(LatencySampleLog.Taken latency) {
        return runId -> {
            if (latency != null) {
                latencyStore.insert(runId, latency.report(), latency.source());
            }
        };
    }

    private RunMetadata metadata(ScenarioWork work) {
        JobLabels labels = store.resultContext(work.key().jobId(), work.key().scenarioId())
                .map(JobStore.ResultContext::labels).orElse(JobLabels.none());
        Optional<AgentView> sut = agents.find(work.sut());
        return new RunMetadata(work.sut(), work.peer(), labels.instanceType() != null
                ? labels.instanceType() : sut.map(AgentView::instanceType).orElse(null),
                labels.driver() != null ? labels.driver() : driverOf(sut), labels.tags(), null, null);
    }

    /**
     * The route's driver as the SUT's last facts name it; the facts of this scenario never arrived, so when those
     * name no route the run says why its driver is unknown rather than leaving it blank.
     */
    static String driverOf(Optional<AgentView> sut) {
        String driver = sut.map(agent -> AgentView.factsOf(agent.facts()).routeDriver()).orElse(null);
        return driver != null ? driver : "driver unknown: the scenario ended before the agent sent its facts";
    }

    /** The samples as interval sum rows: what the SUT's iperf3 (or its interface counters) reported live. */
    static Iperf3Result result(Scenario scenario, List<LiveSamples> batches) {
        List<IntervalSample> rows = new ArrayList<>();
        for (LiveSamples batch : batches) {
            for (LiveSamples.Sample sample : batch.samples()) {
                if (sample.start() != null && sample.end() != null && sample.bitsPerSecond() != null
                        && sample.end() > sample.start() && LiveSamples.SUM.equals(sample.stream())) {
                    rows.add(row(rows.size(), scenario, sample));
                }
            }
        }
        // which tool the agent resolved "auto" to is not known: iperf3, as an output without a version says
        return Iperf3Result.partial(Iperf3Result.OutputFormat.JSON, OutputSide.CLIENT, null, null, null,
                scenario.withTool(Scenario.toolOf(null)), rows);
    }

    private static IntervalSample row(int index, Scenario scenario, LiveSamples.Sample sample) {
        Direction direction = !scenario.bidir() ? scenario.direction()
                : Direction.DOWNLOAD.apiName().equals(sample.direction()) ? Direction.DOWNLOAD : Direction.UPLOAD;
        // The SUT is the client: it sends an upload and receives a download.
        Side side = direction == Direction.DOWNLOAD ? Side.RECEIVER : Side.SENDER;
        double seconds = sample.end() - sample.start();
        return new IntervalSample(index, sample.start(), sample.end(), IntervalSample.SUM, direction, side,
                Math.round(sample.bitsPerSecond() * seconds / 8), sample.bitsPerSecond(), null, null, null, null,
                null, null, sample.end() <= scenario.omitSeconds());
    }

    private byte[] document(ScenarioWork work, List<LiveSamples> batches, String error) {
        Map<String, Object> document = header(work, error, "burstline-live-samples", "Not iperf3 output. The SUT "
                + "agent was lost during the scenario and its iperf3 output never reached the server; these are the "
                + "live samples the server received from the agent while the scenario ran, batch by batch as they "
                + "arrived. Their source says whether iperf3 printed them (" + LiveSamples.FROM_TOOL + ") or they "
                + "are the interface's byte counters (" + LiveSamples.FROM_COUNTERS + ").");
        document.put("batches", batches.stream().map(LiveSamples::toJson).toList());
        return Json.write(document).getBytes(StandardCharsets.UTF_8);
    }

    private Map<String, Object> header(ScenarioWork work, String error, String kind, String description) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("kind", kind);
        document.put("description", description);
        document.put("error", error);
        document.putAll(work.key().toJson());
        document.put("sut", work.sut());
        document.put("peer", work.peer());
        document.put("scenario", work.scenario().toJson());
        document.put("keptAt", clock.instant().toString());
        return document;
    }
}
