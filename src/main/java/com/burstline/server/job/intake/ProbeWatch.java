package com.burstline.server.job.intake;

import com.burstline.contract.Scenario;
import com.burstline.contract.AttemptKey;
import com.burstline.contract.LiveSamples;
import com.burstline.server.job.BatchLog;
import com.burstline.server.job.LiveSampleLog;
import com.burstline.server.job.ScenarioWork;
import com.burstline.server.probe.NewProbe;
import com.burstline.server.probe.ProbeFigures;
import com.burstline.server.probe.StepDown;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches the live samples of running burst probes for the step down ({@link StepDown}), so that the runner can end
 * a probe as soon as its drop is confirmed. The samples come from the database ({@link LiveSampleLog}), whichever
 * server the agent posted them to; each look reads the batches that arrived since the last. Only attempts the
 * runner asked to watch are kept, and only until it ends them.
 */
@Component
public class ProbeWatch {
    private static final Set<String> SOURCES = Set.of(LiveSamples.FROM_TOOL, LiveSamples.FROM_COUNTERS);

    private final Map<AttemptKey, Watched> watched = new ConcurrentHashMap<>();
    private final LiveSampleLog log;

    ProbeWatch(LiveSampleLog log) {
        this.log = log;
    }

    /** What a probe measured: its figures, and whether they come from the tool's intervals or the counters. */
    public record Measured(ProbeFigures figures, String source) {

        /** @param runId the run the scenario stored, null when the probe stopped it at the drop */
        public NewProbe toProbe(ScenarioWork work, Long runId, Instant at) {
            return new NewProbe(work.key().jobId(), work.key().scenarioId(), work.sut(), work.peer(),
                    work.scenario(), source, runId, at, figures);
        }
    }

    private static final class Watched {
        private final StepDown steps = new StepDown();
        private volatile String source;
        private long lastId;
    }

    public void watch(AttemptKey key) {
        watched.put(key, new Watched());
    }

    /** Reads the watched attempt's batches that arrived since the last look. */
    private void catchUp(AttemptKey key, Watched probe) {
        synchronized (probe) {
            for (BatchLog.Stored<LiveSamples> stored : log.after(key, probe.lastId)) {
                probe.lastId = stored.id();
                samples(probe, stored.batch());
            }
        }
    }

    /** The sums of a watched attempt go to its detector, anything else is ignored. */
    private static void samples(Watched probe, LiveSamples samples) {
        if (samples.samples() == null) {
            return;
        }
        if (SOURCES.contains(samples.source())) {
            probe.source = samples.source();
        }
        for (LiveSamples.Sample sample : samples.samples()) {
            if (sample != null && LiveSamples.SUM.equals(sample.stream()) && sample.start() != null
                    && sample.end() != null && sample.bitsPerSecond() != null) {
                probe.steps.add(sample.start(), sample.end(), sample.bitsPerSecond());
            }
        }
    }

    public boolean dropConfirmed(AttemptKey key) {
        Watched probe = watched.get(key);
        if (probe == null) {
            return false;
        }
        catchUp(key, probe);
        return probe.steps.confirmed();
    }

    /** What was measured until now, empty when the attempt is not watched. */
    public Optional<Measured> measured(AttemptKey key) {
        return Optional.ofNullable(watched.get(key)).map(probe -> {
            catchUp(key, probe);
            return measuredBy(probe);
        });
    }

    /** Stops watching; what was measured until now, empty when the attempt was not watched. */
    public Optional<Measured> end(AttemptKey key) {
        return Optional.ofNullable(watched.get(key)).map(probe -> {
            catchUp(key, probe);
            watched.remove(key);
            return measuredBy(probe);
        });
    }

    private static Measured measuredBy(Watched probe) {
        return new Measured(probe.steps.figures(), probe.source);
    }
}
