package com.burstline.agent;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs one client-role scenario end to end: host facts and NIC counters before, the tool, counters after, then the
 * result into the spool and on to the server. Live figures go to the server while the tool runs.
 */
final class ScenarioRunner {
    private static final Logger LOG = Logger.getLogger(ScenarioRunner.class.getName());

    private final MeasurementTool tool;
    private final HostFacts facts;
    private final ServerClient server;
    private final ResultSpool spool;

    ScenarioRunner(MeasurementTool tool, HostFacts facts, ServerClient server, ResultSpool spool) {
        this.tool = tool;
        this.facts = facts;
        this.server = server;
        this.spool = spool;
    }

    /** Null when the tool can run the spec, else why not; checked before the server is told "accepted". */
    String cannotRun(ScenarioSpec spec) {
        return tool.cannotRun(spec);
    }

    void run(ScenarioSpec spec, Cancellation cancellation) throws InterruptedException {
        Map<String, Object> hostFacts = facts.collectFor(spec.peerHost());
        String routeInterface = (String) hostFacts.get("routeInterface");
        CounterSnapshot before = CounterSnapshot.take(facts.platform(), routeInterface);
        Measurement measurement;
        try (LiveSampler sampler = counterSampler(spec, routeInterface)) {
            measurement = tool.run(spec, (start, end, bitsPerSecond) ->
                    sendLive(spec, "iperf3", List.of(sample(start, end, bitsPerSecond))), cancellation);
        }
        CounterSnapshot after = CounterSnapshot.take(facts.platform(), routeInterface);
        deliver(spec, result(spec, measurement, hostFacts, before.deltaTo(after)));
    }

    /** Only when the tool cannot stream its own intervals, and only when we know the interface. */
    private LiveSampler counterSampler(ScenarioSpec spec, String routeInterface) {
        if (facts.iperf3Version().streamsJson() || routeInterface == null) {
            return null;
        }
        LiveSampler sampler = new LiveSampler(facts.platform(), routeInterface, spec.direction(),
                sample -> sendLive(spec, "interface-counters", List.of(sample)));
        sampler.start(spec.intervalSeconds());
        return sampler;
    }

    private void sendLive(ScenarioSpec spec, String source, List<Map<String, Object>> samples) {
        Map<String, Object> live = new LinkedHashMap<>(spec.identity());
        live.put("source", source);
        live.put("samples", samples);
        server.live(live);
    }

    private static Map<String, Object> sample(double start, double end, double bitsPerSecond) {
        Map<String, Object> sample = new LinkedHashMap<>();
        sample.put("start", start);
        sample.put("end", end);
        sample.put("bitsPerSecond", bitsPerSecond);
        sample.put("stream", "sum");
        return sample;
    }

    private static Map<String, Object> result(ScenarioSpec spec, Measurement measurement,
                                              Map<String, Object> hostFacts, Map<String, Object> counters) {
        Map<String, Object> result = new LinkedHashMap<>(spec.identity());
        result.put("succeeded", measurement.succeeded());
        result.put("error", measurement.error());
        result.put("output", measurement.output());
        result.put("outputFormat", measurement.outputFormat());
        result.put("stderr", measurement.stderrTail());
        result.put("command", measurement.command());
        result.put("exitCode", measurement.exitCode());
        result.put("facts", hostFacts);
        result.put("counters", counters);
        return result;
    }

    private void deliver(ScenarioSpec spec, Map<String, Object> result) {
        String name = "job-" + spec.jobId() + "-scenario-" + spec.scenarioId() + "-attempt-" + spec.attempt();
        try {
            spool.save(name, Json.write(result));
        } catch (IOException e) {
            LOG.log(Level.SEVERE, "Cannot write the result of " + spec.describe() + " to the spool", e);
            return;
        }
        spool.deliverPending();
    }
}
