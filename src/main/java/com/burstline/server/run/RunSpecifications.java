package com.burstline.server.run;

import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.Expression;
import jakarta.persistence.criteria.Predicate;
import org.springframework.data.jpa.domain.Specification;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns a {@link RunFilter} into a JPA query: names match case-insensitively anywhere in the value, protocol,
 * direction, job and status exactly, and the date range on when the run started (its upload time when iperf3 gave none).
 */
final class RunSpecifications {
    private static final char ESCAPE = '!';

    private RunSpecifications() {
    }

    static Specification<Run> matching(RunFilter filter) {
        return (root, query, builder) -> {
            List<Predicate> predicates = new ArrayList<>();
            contains(predicates, builder, root.get("sut"), filter.sut());
            contains(predicates, builder, root.get("peer"), filter.peer());
            contains(predicates, builder, root.get("driver"), filter.driver());
            contains(predicates, builder, root.get("instanceType"), filter.instanceType());
            if (filter.protocol() != null) {
                predicates.add(builder.equal(root.get("scenario").get("protocol"), filter.protocol()));
            }
            if (filter.direction() != null) {
                predicates.add(builder.equal(root.get("scenario").get("direction"), filter.direction()));
            }
            if (filter.status() != null) {
                predicates.add(builder.equal(root.get("status"), filter.status().apiName()));
            }
            if (filter.job() != null) {
                predicates.add(builder.equal(root.get("jobId"), filter.job()));
            }
            if (filter.tag() != null) {
                query.distinct(true);
                contains(predicates, builder, root.join("tags"), filter.tag());
            }
            Expression<Instant> started = builder.coalesce(root.<Instant>get("startedAt"),
                    root.<Instant>get("uploadedAt"));
            if (filter.from() != null) {
                predicates.add(builder.greaterThanOrEqualTo(started, filter.from()));
            }
            if (filter.to() != null) {
                predicates.add(builder.lessThan(started, filter.to()));
            }
            return builder.and(predicates.toArray(Predicate[]::new));
        };
    }

    /** Case-insensitive "anywhere in the value"; % and _ in the value are taken literally. */
    static Predicate containsIgnoringCase(CriteriaBuilder builder, Expression<String> path, String value) {
        String escaped = value.toLowerCase(Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_");
        return builder.like(builder.lower(path), "%" + escaped + "%", ESCAPE);
    }

    private static void contains(List<Predicate> predicates, CriteriaBuilder builder, Expression<String> path,
                                 String value) {
        if (value != null) {
            predicates.add(containsIgnoringCase(builder, path, value));
        }
    }
}
