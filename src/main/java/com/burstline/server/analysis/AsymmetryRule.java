package com.burstline.server.analysis;

import com.burstline.server.run.FigureText;
import com.burstline.contract.Direction;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.catalog.Thresholds;
import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * direction-asymmetry: download against upload for the same host pair, driver, instance type, protocol, streams and
 * UDP target — one finding per such pair, however many runs each direction has. Threshold
 * {@link Thresholds#ASYMMETRY}: over the lab's symmetric 5 Gbit/s veth the two directions differed by 0.1–2.9% (the
 * shared 3.12 and 3.18 samples), and the same upload repeated with another client differed by up to 9% (3.12 4.78 vs
 * 3.18 4.37 Gbit/s); the seed article's receive path was ~20% slower, as is the lab with its download side shaped to
 * 4 Gbit/s.
 */
final class AsymmetryRule {
    private AsymmetryRule() {
    }

    /**
     * @param anchor null for one finding per pair among {@code runs}, each reported on the pair's first download; a
     *               run for its own pair's finding only, reported on it (the run page)
     */
    static List<Finding> of(List<RunSummary> runs, RunSummary anchor) {
        Map<String, List<RunSummary>> pairs = new LinkedHashMap<>();
        // a run whose output holds no received rate (UDP before iperf3 3.11) has nothing to weigh
        runs.stream().filter(run -> !run.scenario().bidir())
                .filter(run -> run.figures().receivedBitsPerSecond() != null)
                .filter(run -> anchor == null || pairKey(run).equals(pairKey(anchor)))
                .forEach(run -> pairs.computeIfAbsent(pairKey(run), key -> new ArrayList<>()).add(run));
        List<Finding> findings = new ArrayList<>();
        pairs.values().forEach(pair -> ofPair(pair, anchor).ifPresent(findings::add));
        return findings;
    }

    private static Optional<Finding> ofPair(List<RunSummary> pair, RunSummary anchor) {
        List<RunSummary> downloads = pair.stream().filter(run -> run.scenario().direction() == Direction.DOWNLOAD)
                .toList();
        List<RunSummary> uploads = pair.stream().filter(run -> run.scenario().direction() == Direction.UPLOAD)
                .toList();
        if (downloads.isEmpty() || uploads.isEmpty()) {
            return Optional.empty();
        }
        double download = mean(downloads);
        double upload = mean(uploads);
        double percent = (download - upload) / upload * 100;
        if (Math.abs(percent) < Thresholds.ASYMMETRY.value()) {
            return Optional.empty();
        }
        RunSummary on = anchor != null ? anchor : downloads.get(0);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("downloadBitsPerSecond", download);
        data.put("uploadBitsPerSecond", upload);
        data.put("differencePercent", percent);
        data.put("downloadRunIds", downloads.stream().map(RunSummary::id).toList());
        data.put("uploadRunIds", uploads.stream().map(RunSummary::id).toList());
        String slower = percent < 0 ? "download (the client receiving)" : "upload (the peer receiving)";
        String headline = String.format(Locale.ROOT, "Download is %.1f%% %s than upload (%s vs %s, %d and %d runs) "
                        + "for %s between %s and %s.", Math.abs(percent), percent < 0 ? "lower" : "higher",
                FigureText.rate(download), FigureText.rate(upload), downloads.size(), uploads.size(),
                on.scenarioName(), orUnknown(on.labels().sut()), orUnknown(on.labels().peer()));
        return Optional.of(Finding.of(on.id(), FindingKind.DIRECTION_ASYMMETRY, headline, "The slower direction is "
                + slower + ": check that host's receive path next (RX queues and IRQ affinity, ethtool -S drops, "
                + "driver offloads) before blaming the network.", data));
    }

    private static String pairKey(RunSummary run) {
        return String.join("\u0000", String.valueOf(run.labels().sut()), String.valueOf(run.labels().peer()),
                String.valueOf(run.labels().driver()), String.valueOf(run.labels().instanceType()),
                run.scenario().protocol().name(), Integer.toString(run.scenario().streams()),
                String.valueOf(run.scenario().targetBitsPerSecond()));
    }

    private static double mean(List<RunSummary> runs) {
        return runs.stream().mapToDouble(run -> run.figures().receivedBitsPerSecond()).average().orElseThrow();
    }

    private static String orUnknown(String host) {
        return host == null ? "(unnamed host)" : host;
    }
}
