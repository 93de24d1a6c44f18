package com.burstline.server.run;

import jakarta.persistence.criteria.Predicate;
import org.springframework.data.jpa.domain.Specification;

import java.util.ArrayList;
import java.util.List;

/** Turns a {@link RunFilter} into a JPA query; each given field is an exact match. */
final class RunSpecifications {
    private RunSpecifications() {
    }

    static Specification<Run> matching(RunFilter filter) {
        return (root, query, builder) -> {
            List<Predicate> predicates = new ArrayList<>();
            equal(predicates, builder, root.get("sut"), filter.sut());
            equal(predicates, builder, root.get("peer"), filter.peer());
            equal(predicates, builder, root.get("driver"), filter.driver());
            equal(predicates, builder, root.get("instanceType"), filter.instanceType());
            equal(predicates, builder, root.get("protocol"), filter.protocol());
            equal(predicates, builder, root.get("direction"), filter.direction());
            if (filter.job() != null) {
                predicates.add(builder.equal(root.get("jobId"), filter.job()));
            }
            if (filter.tag() != null) {
                predicates.add(builder.equal(root.join("tags"), filter.tag()));
            }
            return builder.and(predicates.toArray(Predicate[]::new));
        };
    }

    private static void equal(List<Predicate> predicates, jakarta.persistence.criteria.CriteriaBuilder builder,
                              jakarta.persistence.criteria.Path<Object> path, String value) {
        if (value != null) {
            predicates.add(builder.equal(path, value));
        }
    }
}
