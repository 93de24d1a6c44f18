package com.burstline.server.job;

import com.burstline.contract.Direction;
import com.burstline.server.catalog.VerdictStep;
import com.burstline.server.compare.Statistics;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.Verdict;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A job's answer in a few sentences, in the form of the article Burstline replaces: for each TCP direction the range
 * received, its share of the limit and what decided it, a download set beside the upload (its difference, with the
 * 95% interval once both directions were repeated); the UDP scenarios by what decided them, each with the figure that
 * shows it. Only complete runs count. Every sentence names the scenarios it covers (their positions in the job) and
 * the verdicts it states, so that a page can mark them and a test can hold each scenario to its verdict.
 */
final class JobAnswer {
    /** Differences smaller than this many percent read "as the upload": the runs' own noise is larger. */
    private static final double SAME_PERCENT = 0.5;

    /** One sentence; {@code covers} the positions (1-based) of the scenarios it speaks of. */
    record Sentence(String text, List<Integer> covers, List<VerdictStep> verdicts) {
    }

    /** {@code text} is the sentences in one paragraph; empty while no run is stored. */
    record Answer(String text, List<Sentence> sentences) {
    }

    private JobAnswer() {
    }

    static Answer of(List<JobResults.Row> tcp, List<JobResults.Row> udp) {
        List<Sentence> sentences = new ArrayList<>();
        List<JobResults.Row> beyond = new ArrayList<>(complete(tcp, JobAnswer::beyond));
        beyond.addAll(complete(udp, JobAnswer::beyond));
        if (!beyond.isEmpty()) {
            sentences.add(beyondTheLimit(beyond));
        }
        List<JobResults.Row> uploads = judged(tcp, row -> row.run().scenario().direction() == Direction.UPLOAD);
        for (Direction direction : Direction.values()) {
            List<JobResults.Row> rows = judged(tcp, row -> row.run().scenario().direction() == direction);
            if (!rows.isEmpty()) {
                sentences.add(tcpSentence(direction, rows, direction == Direction.DOWNLOAD ? uploads : List.of()));
            }
        }
        byVerdict(judged(udp, row -> true)).forEach((step, rows) -> sentences.add(new Sentence(
                "UDP: " + decided(step, rows, true) + ".", positions(rows), List.of(step))));
        return new Answer(String.join(" ", sentences.stream().map(Sentence::text).toList()), sentences);
    }

    /** "TCP download 3.61–3.78 Gbit/s, 20.1% lower than the upload, 72.2–75.6% of the 5 Gbit/s burst: the …". */
    private static Sentence tcpSentence(Direction direction, List<JobResults.Row> rows, List<JobResults.Row> uploads) {
        double[] received = rows.stream().mapToDouble(row -> row.run().figures().receivedBitsPerSecond()).toArray();
        StringBuilder text = new StringBuilder("TCP ").append(direction.apiName()).append(' ')
                .append(FigureText.rateRange(min(received), max(received)));
        againstUpload(rows, uploads).ifPresent(difference -> text.append(", ").append(difference));
        shareOfLimit(rows).ifPresent(share -> text.append(", ").append(share));
        Map<VerdictStep, List<JobResults.Row>> byVerdict = byVerdict(rows);
        if (byVerdict.size() == 1) {
            Map.Entry<VerdictStep, List<JobResults.Row>> only = byVerdict.entrySet().iterator().next();
            text.append(": ").append(decided(only.getKey(), only.getValue(), false));
        } else {
            text.append(": ").append(String.join("; ", byVerdict.entrySet().stream()
                    .map(entry -> decided(entry.getKey(), entry.getValue(), true)).toList()));
        }
        return new Sentence(text.append('.').toString(), positions(rows), List.copyOf(byVerdict.keySet()));
    }

    /**
     * The download's difference to the upload over the stream counts both directions ran (a 4-stream download set
     * against 1-stream uploads would compare the plans, not the directions), the mean of each count's; empty when
     * they share none.
     */
    private static Optional<String> againstUpload(List<JobResults.Row> downloads, List<JobResults.Row> uploads) {
        Set<Integer> streams = new LinkedHashSet<>(uploads.stream().map(row -> row.run().scenario().streams())
                .toList());
        streams.retainAll(downloads.stream().map(row -> row.run().scenario().streams()).toList());
        if (streams.isEmpty()) {
            return Optional.empty();
        }
        // Each stream count against its own: runs of 1 and 4 streams are different scenarios, not repeats of one, so
        // pooling them would make an interval of the plan's spread. The interval only within one stream count.
        double delta = streams.stream().mapToDouble(count -> Statistics.compare(received(uploads, Set.of(count)),
                received(downloads, Set.of(count))).deltaPercent()).average().orElseThrow();
        if (Math.abs(delta) < SAME_PERCENT) {
            return Optional.of("as the upload");
        }
        Statistics.Difference difference = streams.size() == 1
                ? Statistics.compare(received(uploads, streams), received(downloads, streams)) : null;
        String interval = difference == null || difference.ci95LowPercent() == null ? "" : String.format(Locale.ROOT,
                " (95%% interval %.1f to %.1f%%)", difference.ci95LowPercent(), difference.ci95HighPercent());
        return Optional.of(FigureText.percent(Math.abs(delta)) + (delta < 0 ? " lower" : " higher")
                + " than the upload" + interval);
    }

    private static double[] received(List<JobResults.Row> rows, Set<Integer> streams) {
        return rows.stream().filter(row -> streams.contains(row.run().scenario().streams()))
                .mapToDouble(row -> row.run().figures().receivedBitsPerSecond()).toArray();
    }

    /** "92.1–93.9% of the 5 Gbit/s burst" when every row was judged against the same limit; empty otherwise. */
    private static Optional<String> shareOfLimit(List<JobResults.Row> rows) {
        Set<String> limits = new LinkedHashSet<>();
        double low = Double.MAX_VALUE;
        double high = -Double.MAX_VALUE;
        for (JobResults.Row row : rows) {
            Verdict.Evidence evidence = row.run().verdict().evidence();
            if (evidence == null || evidence.limit() == null || evidence.shareOfLimit() == null) {
                return Optional.empty();
            }
            limits.add(evidence.limit() + " " + FigureText.limit(evidence.limitBitsPerSecond()));
            low = Math.min(low, evidence.shareOfLimit());
            high = Math.max(high, evidence.shareOfLimit());
        }
        if (limits.size() != 1) {
            return Optional.empty();
        }
        String[] limit = limits.iterator().next().split(" ", 2);
        return Optional.of(FigureText.percentRange(low, high) + " of the " + limit[1] + " " + limit[0]);
    }

    /**
     * "the cap decided", or with each scenario's evidence ("the sender decided (UDP 5 Gbit/s upload: it sent 38.2% of
     * its target)") when the sentence gathers several verdicts or scenarios by verdict.
     */
    private static String decided(VerdictStep step, List<JobResults.Row> rows, boolean withEvidence) {
        String head = switch (step) {
            case UNKNOWN -> "what decided it is not known";
            default -> step.words() + " decided";
        };
        if (!withEvidence && step != VerdictStep.UNKNOWN) {
            return head;
        }
        Set<String> shown = new LinkedHashSet<>();
        for (JobResults.Row row : rows) {
            RunSummary run = row.run();
            String verdict = run.text().verdict();
            String evidence = verdict.startsWith(step.words() + ": ") ? verdict.substring(step.words().length() + 2)
                    : "";
            shown.add(run.scenario().name() + (evidence.isEmpty() ? "" : ": " + evidence));
        }
        return head + " (" + String.join("; ", shown) + ")";
    }

    private static Map<VerdictStep, List<JobResults.Row>> byVerdict(List<JobResults.Row> rows) {
        Map<VerdictStep, List<JobResults.Row>> byVerdict = new LinkedHashMap<>();
        for (VerdictStep step : VerdictStep.values()) {
            List<JobResults.Row> of = rows.stream().filter(row -> row.run().verdict().id() == step).toList();
            if (!of.isEmpty()) {
                byVerdict.put(step, of);
            }
        }
        return byVerdict;
    }

    /**
     * "Beyond the limit (…): TCP 4 streams upload 5.79 Gbit/s, 115.8% of the 5 Gbit/s burst limit." These figures
     * are no measure of anything on the instance: they are said apart and kept out of every range and difference.
     */
    private static Sentence beyondTheLimit(List<JobResults.Row> rows) {
        List<String> each = rows.stream().map(row -> {
            Verdict.Evidence evidence = row.run().verdict().evidence();
            return row.run().scenario().name() + " " + FigureText.rate(row.run().figures().receivedBitsPerSecond())
                    + ", " + FigureText.percent(evidence.shareOfLimit()) + " of the "
                    + FigureText.limit(evidence.limitBitsPerSecond()) + " " + evidence.limit() + " limit";
        }).toList();
        return new Sentence("Beyond the limit (the instance type is wrong or the traffic never crossed the NIC, so "
                + "nothing else is drawn from these): " + String.join("; ", each) + ".", positions(rows),
                List.of(VerdictStep.BEYOND_THE_LIMIT));
    }

    private static boolean beyond(JobResults.Row row) {
        return row.run().verdict().id() == VerdictStep.BEYOND_THE_LIMIT;
    }

    /** The complete runs that measured something on the instance, of those {@code which} picks. */
    private static List<JobResults.Row> complete(List<JobResults.Row> rows, Predicate<JobResults.Row> which) {
        return rows.stream().filter(row -> !row.run().partial() && row.run().figures().receivedBitsPerSecond() != null)
                .filter(which).toList();
    }

    private static List<JobResults.Row> judged(List<JobResults.Row> rows, Predicate<JobResults.Row> which) {
        return complete(rows, which.and(row -> !beyond(row)));
    }

    private static List<Integer> positions(List<JobResults.Row> rows) {
        return rows.stream().map(JobResults.Row::position).distinct().toList();
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElseThrow();
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElseThrow();
    }
}
