package com.burstline.server.run;

import jakarta.persistence.EntityManager;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Root;
import jakarta.persistence.criteria.Expression;
import jakarta.persistence.criteria.Predicate;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.domain.Specification;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Reads a selection of runs with their interval rows in a few queries, for comparisons, trends, reports and exports:
 * complete runs unless the selection's filter asks for {@code status=partial}. The cost follows the runs selected:
 * summaries come from the indexed run columns, intervals by run id.
 */
@Service
public class RunSelections {
    private static final Set<String> DIMENSIONS = Set.of("driver", "instanceType", "sut", "tag", "job", "pair",
            "direction");

    private final RunRepository runs;
    private final IntervalBatchReader intervals;
    private final EntityManager entityManager;
    private final HostDropsStore drops;

    RunSelections(RunRepository runs, IntervalBatchReader intervals, EntityManager entityManager,
                  HostDropsStore drops) {
        this.drops = drops;
        this.runs = runs;
        this.intervals = intervals;
        this.entityManager = entityManager;
    }

    /** The selected runs, oldest first; more than {@code max} is a 400 asking for a narrower selection. */
    @Transactional(readOnly = true)
    public List<RunSummary> summaries(RunSelection selection, int max) {
        List<RunSummary> found = runs.findAll(specification(selection),
                PageRequest.of(0, max + 1, Sort.by(Sort.Direction.ASC, "id"))).map(Run::toSummary).getContent();
        if (found.size() > max) {
            throw new InvalidRunInputException("the selection holds more than " + max
                    + " runs; narrow it with filters or explicit run ids");
        }
        return found;
    }

    /**
     * The newest {@code max} selected runs as points of a series, newest first (by start time, then id), read as a
     * projection of the run columns; {@code streams} and {@code targetBitsPerSecond}, when given, narrow it to one
     * scenario. Asks for one more than {@code max}, so the caller can tell older runs were left out.
     */
    @Transactional(readOnly = true)
    public List<RunPoint> newestPoints(RunSelection selection, Integer streams, Long targetBitsPerSecond, int max) {
        CriteriaBuilder builder = entityManager.getCriteriaBuilder();
        CriteriaQuery<RunPoint> query = builder.createQuery(RunPoint.class);
        Root<Run> root = query.from(Run.class);
        query.select(builder.construct(RunPoint.class, root.get("id"), root.get("startedAt"),
                root.get("uploadedAt"), root.get("sut"), root.get("peer"), root.get("driver"), root.get("jobId"),
                root.get("protocol"), root.get("direction"), root.get("streams"), root.get("targetBitsPerSecond"),
                root.get("receivedBitsPerSecond"), root.get("burstLimitBitsPerSecond"),
                root.get("baselineBitsPerSecond")));
        // a point without a received rate (UDP before iperf3 3.11) has no place on the series
        Specification<Run> spec = specification(selection)
                .and((run, q, b) -> b.isNotNull(run.get("receivedBitsPerSecond")));
        if (streams != null) {
            spec = spec.and((run, q, b) -> b.equal(run.get("streams"), streams));
        }
        if (targetBitsPerSecond != null) {
            spec = spec.and((run, q, b) -> b.equal(run.get("targetBitsPerSecond"), targetBitsPerSecond));
        }
        query.where(spec.toPredicate(root, query, builder));
        query.orderBy(builder.desc(builder.coalesce(root.get("startedAt"), root.get("uploadedAt"))),
                builder.desc(root.get("id")));
        return entityManager.createQuery(query).setMaxResults(max + 1).getResultList();
    }

    /** The per-interval sum rows that arrived, of each run (one list per run, in time order; {@link IntervalSides}). */
    @Transactional(readOnly = true)
    public Map<Long, List<IntervalRow>> sumRows(Collection<Long> runIds) {
        Map<Long, List<IntervalRow>> sums = intervals.sums(runIds);
        sums.replaceAll((id, rows) -> IntervalSides.received(rows));
        return sums;
    }

    /** What the agents recorded around each run, by run id; uploaded runs have an empty environment. */
    @Transactional(readOnly = true)
    public Map<Long, RunEnvironment> environments(Collection<Long> runIds) {
        Map<Long, RunEnvironment> environments = new HashMap<>();
        runIds.forEach(id -> environments.put(id, RunEnvironment.none(id)));
        Map<Long, Map<String, ReceiverDrops>> counted = drops.find(runIds);
        runs.findAllById(runIds).forEach(run -> environments.put(run.getId(),
                RunEnvironment.of(run, counted.getOrDefault(run.getId(), Map.of()))));
        return environments;
    }

    /** Every interval row of the runs, run by run in id order, without holding them all in memory. */
    @Transactional(readOnly = true)
    public void forEachInterval(Collection<Long> runIds, BiConsumer<Long, IntervalRow> consumer) {
        intervals.forEach(runIds, consumer);
    }

    /** Partial runs only when asked for: their figures are not a complete measurement to compare or trend. */
    static Specification<Run> specification(RunSelection selection) {
        RunFilter filter = selection.filter();
        Specification<Run> spec = RunSpecifications.matching(filter.status() == null
                ? filter.withStatus(RunStatus.COMPLETE) : filter);
        if (!selection.runIds().isEmpty()) {
            spec = spec.and((root, query, builder) -> root.get("id").in(selection.runIds()));
        }
        if (selection.dimension() != null && !selection.values().isEmpty()) {
            if (!DIMENSIONS.contains(selection.dimension())) {
                throw new InvalidRunInputException("runs cannot be selected by " + selection.dimension());
            }
            spec = spec.and("pair".equals(selection.dimension()) ? RunPairs.anyOf(selection.values())
                    : inValues(selection.dimension(), selection.values()));
        }
        if (!selection.pairs().isEmpty()) {
            spec = spec.and(RunPairs.anyOf(selection.pairs()));
        }
        return spec;
    }

    private static List<Long> jobIds(List<String> values) {
        try {
            return values.stream().map(Long::valueOf).toList();
        } catch (NumberFormatException e) {
            throw new InvalidRunInputException("job must be job ids (numbers), not " + values);
        }
    }

    /** Group values match like filters (case-insensitive, anywhere in the value); job ids exactly. */
    private static Specification<Run> inValues(String dimension, List<String> values) {
        return (root, query, builder) -> {
            if ("job".equals(dimension)) {
                return root.get("jobId").in(jobIds(values));
            }
            Expression<String> path;
            if ("tag".equals(dimension)) {
                query.distinct(true);
                path = root.join("tags");
            } else {
                path = root.get(dimension);
            }
            return builder.or(values.stream().map(value -> RunSpecifications.containsIgnoringCase(builder, path,
                    value)).toArray(Predicate[]::new));
        };
    }
}
