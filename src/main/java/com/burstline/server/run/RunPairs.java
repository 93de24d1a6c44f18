package com.burstline.server.run;

import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.Predicate;
import jakarta.persistence.criteria.Root;
import org.springframework.data.jpa.domain.Specification;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A pair of agents as selections name it: "SUT/peer". Agent names never hold a slash, so the name splits in one
 * way; both agents match exactly, ignoring case (a pair is two hosts, not a pattern).
 */
public final class RunPairs {
    private static final Pattern PAIR = Pattern.compile("[^/]+/[^/]+");

    private RunPairs() {
    }

    public static String name(String sut, String peer) {
        return sut + "/" + peer;
    }

    public static boolean isPair(String value) {
        return value != null && PAIR.matcher(value).matches();
    }

    /** Runs between any of the pairs. */
    static Specification<Run> anyOf(List<String> pairs) {
        return (root, query, builder) -> builder.or(pairs.stream().map(pair -> between(root, builder, pair))
                .toArray(Predicate[]::new));
    }

    private static Predicate between(Root<Run> root, CriteriaBuilder builder, String pair) {
        String[] agents = pair.split("/");
        return builder.and(
                builder.equal(builder.lower(root.get("sut")), agents[0].strip().toLowerCase(java.util.Locale.ROOT)),
                builder.equal(builder.lower(root.get("peer")), agents[1].strip().toLowerCase(java.util.Locale.ROOT)));
    }
}
