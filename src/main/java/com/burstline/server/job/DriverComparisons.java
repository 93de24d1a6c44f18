package com.burstline.server.job;

import com.burstline.server.run.RunQueries;
import com.burstline.server.run.RunSummary;
import org.springframework.stereotype.Service;
import org.springframework.web.util.UriComponentsBuilder;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The job page's "Compare drivers": this job's driver beside the most recent other driver measured on the job's
 * pair, else on its instance type (a team compares drivers on one kind of instance), the other one as the baseline
 * the job's is measured against. Compare opens with exactly those two groups and that baseline. A job that stored
 * no run yet has no driver of its own: then the pair's (or type's) two most recent drivers, the earlier the baseline.
 */
@Service
class DriverComparisons {
    /** Enough to find one driver besides the job's own. */
    private static final int LOOK_AT = 3;

    private final RunQueries runs;

    DriverComparisons(RunQueries runs) {
        this.runs = runs;
    }

    /**
     * The link to Compare ({@code href}) and its words; {@code href} is null when the pair and the instance type
     * have only ever had one driver (the words say so, since two builds a host cannot tell apart carry the same
     * driver until relabelled).
     */
    record Link(String href, String text) {
    }

    /** Null for a job of several pairs, or when no driver is known on its pair or its instance type. */
    Link of(JobView job, List<RunSummary> stored) {
        if (job.pairs().size() != 1) {
            return null;
        }
        JobView.PairView pair = job.pairs().get(0);
        String own = single(stored.stream().map(run -> run.labels().driver()).toList(), job.labels().driver());
        String type = single(stored.stream().map(run -> run.labels().instanceType()).toList(),
                job.labels().instanceType());
        List<String> onPair = runs.recentDriversOnPair(pair.sut(), pair.peer(), LOOK_AT);
        Optional<Link> link = link(own, onPair, "pair", pair.selection());
        List<String> ofType = type == null ? List.of() : runs.recentDriversOfType(type, LOOK_AT);
        if (link.isEmpty() && type != null) {
            link = link(own, ofType, "instanceType", type);
        }
        return link.orElseGet(() -> alone(own, onPair, ofType, pair.selection(), type));
    }

    /** The job's driver (or, without one, the most recent) against the most recent other as the baseline. */
    private static Optional<Link> link(String own, List<String> recent, String filter, String where) {
        String newer = own != null ? own : recent.isEmpty() ? null : recent.get(0);
        Optional<String> baseline = recent.stream().filter(driver -> !driver.equalsIgnoreCase(newer)).findFirst();
        return baseline.map(older -> new Link(UriComponentsBuilder.fromPath("/compare")
                .queryParam("groupBy", "driver").queryParam(filter, where).queryParam("driver", older)
                .queryParam("driver", newer).queryParam("baseline", older).encode().build().toUriString(),
                "Compare drivers on " + where + ": " + older + " vs " + newer));
    }

    /** Only one driver ever: said, so that two builds under one name get relabelled; null when none is known. */
    private static Link alone(String own, List<String> onPair, List<String> ofType, String pair, String type) {
        String driver = own != null ? own : !onPair.isEmpty() ? onPair.get(0) : ofType.isEmpty() ? null
                : ofType.get(0);
        if (driver == null) {
            return null;
        }
        return new Link(null, "Compare drivers: every run on " + pair + (type == null ? "" : " and every " + type)
                + " has driver " + driver);
    }

    /** The one value the runs have, else the job's label; null when they have several or none. */
    private static String single(List<String> values, String label) {
        List<String> distinct = values.stream().filter(Objects::nonNull).distinct().toList();
        return distinct.size() == 1 ? distinct.get(0) : distinct.isEmpty() ? label : null;
    }
}
