package com.burstline.agent;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostDrops;
import com.burstline.contract.HostFacts;
import com.burstline.contract.Json;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySamples;
import com.burstline.contract.LatencySummary;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs one client-role scenario end to end: host facts, NIC and drop counters before, the loaded-latency probe's idle
 * window when the spec asks for the probe, the tool (with the probe beside it), counters after, then the result into
 * the spool and on to the server. Live figures and latency samples go to the server while the tool runs.
 */
final class ScenarioRunner {
    private static final Logger LOG = Logger.getLogger(ScenarioRunner.class.getName());

    private final Tools tools;
    private final FactsCollector facts;
    private final ConfigReadAhead configReadings;
    private final ServerClient server;
    private final ResultSpool spool;

    ScenarioRunner(Tools tools, FactsCollector facts, ServerClient server, ResultSpool spool,
                   ConfigReadAhead configReadings) {
        this.configReadings = configReadings;
        this.tools = tools;
        this.facts = facts;
        this.server = server;
        this.spool = spool;
    }

    /** Null when the tool can run the spec, else why not; checked before the server is told "accepted". */
    String cannotRun(ScenarioSpec spec) {
        return tools.cannotRun(spec);
    }

    void run(ScenarioSpec spec, Cancellation cancellation) throws InterruptedException {
        configReadings.measurementStarting();
        HostFacts hostFacts = facts.collectFor(spec.key().jobId(), spec.peerHost());
        String routeInterface = hostFacts.routeInterface();
        CounterSnapshot before = CounterSnapshot.take(facts.platform(), routeInterface);
        LatencyProbeClient probe = startProbe(spec);
        Measurement measurement;
        try {
            if (probe != null) {
                probe.awaitIdleEnd(cancellation);
            }
            measurement = cancellation.isCancelled() ? cancelledBeforeTheTool(spec)
                    : measure(spec, routeInterface, cancellation);
            if (probe != null) {
                measurement = measurement.withLatency(probe.finish());
            }
        } finally {
            if (probe != null) {
                probe.close(); // after finish() a no-op; else the agent stops or the tool broke: nothing left behind
            }
        }
        CounterSnapshot after = CounterSnapshot.take(facts.platform(), routeInterface);
        configReadings.measurementEnded(spec.key().jobId()); // while the result travels and is stored
        deliver(spec, result(spec, measurement, hostFacts, before.deltaTo(after),
                before.dropsTo(after, facts.platform())));
    }

    private Measurement measure(ScenarioSpec spec, String routeInterface, Cancellation cancellation)
            throws InterruptedException {
        MeasurementTool tool = tools.forSpec(spec);
        try (LiveSampler sampler = counterSampler(tool, spec, routeInterface)) {
            return tool.run(spec, (start, end, bitsPerSecond, direction) -> sendLive(spec, tool.liveSource(),
                    LiveSamples.Sample.ofSum(start, end, bitsPerSecond, direction)),
                    (sample, summary) -> sendLatency(spec, sample, summary), cancellation);
        }
    }

    /** The probe, its idle window starting now; null when the spec asks for none or its flow cannot be opened. */
    private LatencyProbeClient startProbe(ScenarioSpec spec) {
        if (spec.latencyProbe() == null) {
            return null;
        }
        try {
            return LatencyProbeClient.start(spec, (sample, summary) -> sendLatency(spec, sample, summary));
        } catch (IOException | RuntimeException e) {
            LOG.warning("No loaded-latency probe for " + spec.describe() + ": " + e.getMessage());
            return null;
        }
    }

    private static Measurement cancelledBeforeTheTool(ScenarioSpec spec) {
        return new Measurement(false, "the scenario was cancelled before its tool started", "",
                spec.scenario().requestResponse() ? ScenarioResult.REQUEST_RESPONSE : ScenarioResult.JSON, "",
                List.of(), null);
    }

    /** Only when the tool cannot stream its own intervals, and only when we know the interface. */
    private LiveSampler counterSampler(MeasurementTool tool, ScenarioSpec spec, String routeInterface) {
        if (tool.streamsIntervals() || routeInterface == null) {
            return null;
        }
        LiveSampler sampler = new LiveSampler(facts.platform(), routeInterface, spec.scenario().direction(),
                sample -> sendLive(spec, LiveSamples.FROM_COUNTERS, sample));
        sampler.start(spec.scenario().intervalSeconds());
        return sampler;
    }

    private void sendLive(ScenarioSpec spec, String source, LiveSamples.Sample sample) {
        server.live(LiveSamples.of(spec.key(), source, List.of(sample), spec.nonce()));
    }

    private void sendLatency(ScenarioSpec spec, LatencySample sample, LatencySummary summary) {
        server.latency(new LatencySamples(spec.key(), new LatencyReport(summary, List.of(sample)), spec.nonce()));
    }

    /**
     * What the server is sent, with the dispatch's nonce: the spool keeps the whole result, so a delivery after a
     * restart still proves the scenario was dispatched to this agent. Package-private for the wire contract test.
     */
    static ScenarioResult result(ScenarioSpec spec, Measurement measurement, HostFacts hostFacts,
                                  Map<String, Object> counters, HostDrops drops) {
        AttemptKey key = spec.key();
        return new ScenarioResult(key.jobId(), key.scenarioId(), key.attempt(), measurement.succeeded(),
                measurement.error(), measurement.output(), measurement.outputFormat(), measurement.stderrTail(),
                measurement.command(), measurement.exitCode(), hostFacts.toJson(), counters, spec.nonce(),
                drops == null ? null : drops.toJson(),
                measurement.latency() == null ? null : measurement.latency().toJson());
    }

    private void deliver(ScenarioSpec spec, ScenarioResult result) {
        try {
            spool.save(spec.key().fileName(), Json.write(result.toJson()));
        } catch (IOException e) {
            LOG.log(Level.SEVERE, "Cannot write the result of " + spec.describe() + " to the spool", e);
            return;
        }
        spool.deliverPending();
    }
}
