package com.burstline.agent;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostDrops;
import com.burstline.contract.HostFacts;
import com.burstline.contract.Json;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs one client-role scenario end to end: host facts, NIC and drop counters before, the tool, counters after, then
 * the result into the spool and on to the server. Live figures go to the server while the tool runs.
 */
final class ScenarioRunner {
    private static final Logger LOG = Logger.getLogger(ScenarioRunner.class.getName());

    private final Tools tools;
    private final FactsCollector facts;
    private final ServerClient server;
    private final ResultSpool spool;

    ScenarioRunner(Tools tools, FactsCollector facts, ServerClient server, ResultSpool spool) {
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
        HostFacts hostFacts = facts.collectFor(spec.key().jobId(), spec.peerHost());
        String routeInterface = hostFacts.routeInterface();
        CounterSnapshot before = CounterSnapshot.take(facts.platform(), routeInterface);
        DropSnapshot drops = DropSnapshot.before(facts.platform(), routeInterface);
        Measurement measurement;
        MeasurementTool tool = tools.forSpec(spec);
        try (LiveSampler sampler = counterSampler(tool, spec, routeInterface)) {
            measurement = tool.run(spec, (start, end, bitsPerSecond, direction) -> sendLive(spec,
                    tool.liveSource(), LiveSamples.Sample.ofSum(start, end, bitsPerSecond, direction)),
                    cancellation);
        }
        HostDrops dropped = drops.after();
        CounterSnapshot after = CounterSnapshot.take(facts.platform(), routeInterface);
        deliver(spec, result(spec, measurement, hostFacts, before.deltaTo(after), dropped));
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
                drops == null ? null : drops.toJson());
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
