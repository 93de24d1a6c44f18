package com.burstline.server.run;

import com.burstline.server.catalog.InstanceCatalog;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;

/**
 * Corrects a run's labels and keeps every change in its history. The limits follow the instance type: a new type
 * takes the catalog's limits unless the edit gives its own, and a limit cleared to null goes back to the catalog's.
 */
@Service
public class RunLabelEditor {
    private final RunRepository runs;
    private final LabelHistory history;
    private final InstanceCatalog catalog;
    private final Clock clock = Clock.systemUTC();

    RunLabelEditor(RunRepository runs, LabelHistory history, InstanceCatalog catalog) {
        this.runs = runs;
        this.history = history;
        this.catalog = catalog;
    }

    /** Applies the patch; an edit that changes nothing adds nothing to the history. */
    @Transactional
    public RunSummary relabel(long id, LabelPatch patch, String changedBy) {
        Run run = runs.findById(id).orElseThrow(() -> new RunNotFoundException(id));
        RunLabels before = run.labels();
        RunMetadata edited = edited(before, patch);
        MetadataRules.check(edited);
        RunLabels after = RunLabels.of(edited, ResolvedLimits.of(edited, catalog));
        List<LabelDifference> differences = before.differencesTo(after);
        if (!differences.isEmpty()) {
            run.relabel(after);
            Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
            history.append(id, differences.stream().map(difference -> new LabelChange(now, changedBy,
                    difference.field(), difference.stored(), difference.given())).toList());
        }
        return run.toSummary();
    }

    /**
     * Applies the patch to every run the job stored, each with its own history, in one transaction: a patch one run
     * refuses changes none.
     */
    @Transactional
    public List<RunSummary> relabelJob(long jobId, LabelPatch patch, String changedBy) {
        return runs.findByJobIdOrderById(jobId).stream().map(run -> relabel(run.getId(), patch, changedBy)).toList();
    }

    /** Every change of the run's labels, oldest first. */
    @Transactional(readOnly = true)
    public List<LabelChange> history(long id) {
        if (!runs.existsById(id)) {
            throw new RunNotFoundException(id);
        }
        return history.of(id);
    }

    @SuppressWarnings("unchecked")
    private static RunMetadata edited(RunLabels labels, LabelPatch patch) {
        RunMetadata named = new RunMetadata(text(patch, "sut", labels.sut()), text(patch, "peer", labels.peer()),
                text(patch, "instanceType", labels.instanceType()), text(patch, "driver", labels.driver()),
                patch.has("tags") ? (List<String>) patch.get("tags") : labels.tags(), null, null);
        boolean newType = !Objects.equals(named.instanceType(), labels.instanceType());
        return new RunMetadata(named.sut(), named.peer(), named.instanceType(), named.driver(), named.tags(),
                limit(patch, "burstLimitGbps", labels.burstLimitBitsPerSecond(), newType),
                limit(patch, "baselineGbps", labels.baselineBitsPerSecond(), newType));
    }

    private static String text(LabelPatch patch, String field, String stored) {
        return patch.has(field) ? (String) patch.get(field) : stored;
    }

    /** A stored limit is kept as an override unless the type changed; null lets the catalog decide. */
    private static Double limit(LabelPatch patch, String field, Double storedBits, boolean newType) {
        if (patch.has(field)) {
            return (Double) patch.get(field);
        }
        if (newType || storedBits == null) {
            return null;
        }
        return Double.valueOf(RunLabels.gbps(storedBits));
    }
}
