package com.burstline.server.run;

import com.burstline.server.catalog.InstanceCatalog;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Corrects a run's labels and keeps every change in its history. The limits follow the instance type: a new type
 * takes the catalog's limits unless the edit gives its own, and a limit cleared to null goes back to the catalog's.
 */
@Service
public class RunLabelEditor {
    /** The most runs one request relabels: one transaction, one history entry per changed field and run. */
    public static final int MAX_SELECTED = 10_000;

    private final RunRepository runs;
    private final RunSummaries summaries;
    private final LabelHistory history;
    private final InstanceCatalog catalog;
    private final Clock clock = Clock.systemUTC();

    RunLabelEditor(RunRepository runs, RunSummaries summaries, LabelHistory history, InstanceCatalog catalog) {
        this.runs = runs;
        this.summaries = summaries;
        this.history = history;
        this.catalog = catalog;
    }

    /** Applies the patch; an edit that changes nothing adds nothing to the history. */
    @Transactional
    public RunSummary relabel(long id, LabelPatch patch, String changedBy) {
        Run run = runs.findById(id).orElseThrow(() -> new RunNotFoundException(id));
        relabel(run, patch, changedBy, now());
        return summaries.of(run);
    }

    /**
     * Applies the patch to every run the job stored, each with its own history, in one transaction: a patch one run
     * refuses changes none. A job without runs yet changes nothing.
     */
    @Transactional
    public RunsRelabelled relabelJob(long jobId, LabelPatch patch, String changedBy) {
        RunFilter job = new RunFilter(null, null, null, null, null, null, null, jobId);
        return relabelAll(runs.findAll(RunSpecifications.matching(job), Sort.by("id")), patch, changedBy);
    }

    /**
     * Applies the patch to the runs named by id, or else to every run the filter lists (of either status, as the
     * runs list shows them), each with its own history, in one transaction: a patch one run refuses changes none.
     *
     * @throws InvalidRunInputException for a selection of no run or of more than {@link #MAX_SELECTED}
     * @throws RunNotFoundException     for an id no run has
     */
    @Transactional
    public RunsRelabelled relabelSelection(List<Long> runIds, RunFilter filter, LabelPatch patch, String changedBy) {
        return relabelSelection(runIds, filter, patch, changedBy, MAX_SELECTED);
    }

    /** With another bound than {@link #MAX_SELECTED}: a test's, so that it need not store thousands of runs. */
    @Transactional
    RunsRelabelled relabelSelection(List<Long> runIds, RunFilter filter, LabelPatch patch, String changedBy,
                                    int max) {
        return relabelAll(some(runIds.isEmpty() ? matching(filter, max) : byId(runIds, max)), patch, changedBy);
    }

    /**
     * The runs list's form: the runs the filter shows, only while they are as many as the page said it would change
     * ({@code shown}); runs added, deleted or relabelled in between make it refuse rather than change others.
     */
    @Transactional
    public RunsRelabelled relabelShown(RunFilter filter, long shown, LabelPatch patch, String changedBy) {
        List<Run> selected = some(matching(filter, MAX_SELECTED));
        if (selected.size() != shown) {
            throw new InvalidRunInputException("The filter now shows " + selected.size() + " runs, not the " + shown
                    + " the page counted (runs were added, deleted or relabelled meanwhile); nothing was relabelled. "
                    + "Look at the list again, then relabel.");
        }
        return relabelAll(selected, patch, changedBy);
    }

    private static List<Run> some(List<Run> selected) {
        if (selected.isEmpty()) {
            throw new InvalidRunInputException("No run matches this selection, so nothing was relabelled; check the "
                    + "filter on the runs list (GET /api/v1/runs with the same parameters lists what it selects).");
        }
        return selected;
    }

    private List<Run> matching(RunFilter filter, int max) {
        List<Run> found = runs.findAll(RunSpecifications.matching(filter),
                PageRequest.of(0, max + 1, Sort.by("id"))).getContent();
        if (found.size() > max) {
            throw tooMany(max, "this filter selects more");
        }
        return found;
    }

    private List<Run> byId(List<Long> runIds, int max) {
        List<Long> distinct = runIds.stream().distinct().toList();
        if (distinct.size() > max) {
            throw tooMany(max, distinct.size() + " ids were given");
        }
        Map<Long, Run> found = runs.findAllById(distinct).stream()
                .collect(Collectors.toMap(Run::getId, Function.identity()));
        distinct.stream().filter(id -> !found.containsKey(id)).findFirst().ifPresent(id -> {
            throw new RunNotFoundException(id);
        });
        return distinct.stream().map(found::get).toList();
    }

    private static InvalidRunInputException tooMany(int max, String given) {
        return new InvalidRunInputException("At most " + max + " runs are relabelled at once, and " + given
                + "; nothing was relabelled. Narrow the selection (e.g. by job, driver, tag or date) and relabel "
                + "it in parts.");
    }

    private RunsRelabelled relabelAll(List<Run> selected, LabelPatch patch, String changedBy) {
        Instant now = now();
        int changed = 0;
        for (Run run : selected) {
            changed += relabel(run, patch, changedBy, now) ? 1 : 0;
        }
        return new RunsRelabelled(selected.size(), changed);
    }

    /** True when a label changed; the change is appended to the run's history. */
    private boolean relabel(Run run, LabelPatch patch, String changedBy, Instant now) {
        RunLabels before = run.labels();
        RunMetadata edited = edited(before, patch);
        MetadataRules.check(edited);
        RunLabels after = RunLabels.of(edited, Limits.resolve(edited, catalog));
        List<LabelDifference> differences = before.differencesTo(after);
        if (differences.isEmpty()) {
            return false;
        }
        run.relabel(after);
        history.append(run.getId(), differences.stream().map(difference -> new LabelChange(now, changedBy,
                difference.field(), difference.stored(), difference.given())).toList());
        return true;
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
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
    private static RunMetadata edited(RunLabels stored, LabelPatch patch) {
        Labels labels = stored.labels();
        RunMetadata named = new RunMetadata(text(patch, "sut", labels.sut()), text(patch, "peer", labels.peer()),
                text(patch, "instanceType", labels.instanceType()), text(patch, "driver", labels.driver()),
                patch.has("tags") ? (List<String>) patch.get("tags") : labels.tags(), null, null);
        boolean newType = !Objects.equals(named.instanceType(), labels.instanceType());
        return new RunMetadata(named.sut(), named.peer(), named.instanceType(), named.driver(), named.tags(),
                limit(patch, "burstLimitGbps", stored.limits().burstLimitBitsPerSecond(), newType),
                limit(patch, "baselineGbps", stored.limits().baselineBitsPerSecond(), newType));
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
