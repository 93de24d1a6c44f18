package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;
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
    private final RunSummaries summaries;
    private final IntervalBatchReader intervals;
    private final EntityManager entityManager;
    private final HostDropsStore drops;
    private final KeptSeriesFigures series;

    RunSelections(RunRepository runs, RunSummaries summaries, IntervalBatchReader intervals,
                  EntityManager entityManager, HostDropsStore drops, KeptSeriesFigures series) {
        this.drops = drops;
        this.series = series;
        this.runs = runs;
        this.summaries = summaries;
        this.intervals = intervals;
        this.entityManager = entityManager;
    }

    /** The selected runs, oldest first; more than {@code max} is a 400 asking for a narrower selection. */
    @Transactional(readOnly = true)
    public List<RunSummary> summaries(RunSelection selection, int max) {
        List<Run> found = runs.findAll(specification(selection),
                PageRequest.of(0, max + 1, Sort.by(Sort.Direction.ASC, "id"))).getContent();
        if (found.size() > max) {
            throw new InvalidRunInputException("the selection holds more than " + max
                    + " runs; narrow it with filters or explicit run ids");
        }
        return summaries.of(found);
    }

    /**
     * The newest {@code max} selected runs as points of a series, newest first (by start time, then id), read as a
     * projection of the run columns; {@code streams}, {@code targetBitsPerSecond} and {@code messageBytes} (a
     * request/response scenario's), when given, narrow it to one scenario. Asks for one more than {@code max}, so the caller can tell older runs were left out.
     */
    @Transactional(readOnly = true)
    public List<RunPoint> newestPoints(RunSelection selection, Integer streams, Long targetBitsPerSecond,
                                       Integer messageBytes, int max) {
        CriteriaBuilder builder = entityManager.getCriteriaBuilder();
        CriteriaQuery<RunPoint> query = builder.createQuery(RunPoint.class);
        Root<Run> root = query.from(Run.class);
        query.select(builder.construct(RunPoint.class, root.get("id"), root.get("startedAt"),
                root.get("uploadedAt"), root.get("sut"), root.get("peer"), root.get("driver"), root.get("jobId"),
                root.get("scenario"), root.get("figures").get("receivedBitsPerSecond"), root.get("limits")));
        // a point without a received rate (UDP before iperf3 3.11) has no place on the series; a request/response
        // run never has one, and its series follows its round trips
        Specification<Run> spec = specification(selection)
                .and((run, q, b) -> b.or(b.isNotNull(run.get("figures").get("receivedBitsPerSecond")),
                        run.get("scenario").get("protocol").in(Protocol.UDP_RR, Protocol.TCP_RR)));
        if (streams != null) {
            spec = spec.and((run, q, b) -> b.equal(run.get("scenario").get("streams"), streams));
        }
        if (targetBitsPerSecond != null) {
            spec = spec.and((run, q, b) -> b.equal(run.get("scenario").get("targetBitsPerSecond"),
                    targetBitsPerSecond));
        }
        if (messageBytes != null) {
            spec = spec.and((run, q, b) -> b.equal(run.get("scenario").get("messageBytes"), messageBytes));
        }
        query.where(spec.toPredicate(root, query, builder));
        query.orderBy(builder.desc(builder.coalesce(root.get("startedAt"), root.get("uploadedAt"))),
                builder.desc(root.get("id")));
        return entityManager.createQuery(query).setMaxResults(max + 1).getResultList();
    }

    /**
     * The figures of each run's received per-interval sums, by run id: a long run's as kept at its import, the
     * others' from their rows ({@link KeptSeriesFigures}).
     */
    @Transactional(readOnly = true)
    public Map<Long, SeriesFigures> seriesFigures(Collection<RunSummary> runs) {
        return series.of(runs.stream().map(run -> new KeptSeriesFigures.Subject(run.id(), run.scenario(),
                run.intervalCount())).toList());
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

    private static List<Direction> directions(List<String> values) {
        try {
            return values.stream().map(Direction::fromApiName).toList();
        } catch (IllegalArgumentException e) {
            throw new InvalidRunInputException(e.getMessage());
        }
    }

    /** Group values match like filters (case-insensitive, anywhere in the value); job ids and directions exactly. */
    private static Specification<Run> inValues(String dimension, List<String> values) {
        return (root, query, builder) -> {
            if ("job".equals(dimension)) {
                return root.get("jobId").in(jobIds(values));
            }
            if ("direction".equals(dimension)) {
                return root.get("scenario").get("direction").in(directions(values));
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
