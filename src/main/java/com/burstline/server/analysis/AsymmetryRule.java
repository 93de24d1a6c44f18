package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * direction-asymmetry: download against upload for the same host pair, protocol, streams and UDP target. The seed
 * found download ~20% lower; a difference under {@value #THRESHOLD_PERCENT}% is within what repeated runs vary by.
 */
final class AsymmetryRule {
    static final double THRESHOLD_PERCENT = 10;

    private AsymmetryRule() {
    }

    static Optional<Finding> of(RunSummary run, List<RunSummary> context) {
        if (!"upload".equals(run.direction()) && !"download".equals(run.direction())) {
            return Optional.empty();
        }
        String opposite = "upload".equals(run.direction()) ? "download" : "upload";
        double[] others = context.stream().filter(other -> opposite.equals(other.direction()) && samePair(run, other))
                .mapToDouble(RunSummary::receivedBitsPerSecond).toArray();
        if (others.length == 0) {
            return Optional.empty();
        }
        double otherMean = java.util.Arrays.stream(others).average().orElseThrow();
        double download = "download".equals(run.direction()) ? run.receivedBitsPerSecond() : otherMean;
        double upload = "upload".equals(run.direction()) ? run.receivedBitsPerSecond() : otherMean;
        double percent = (download - upload) / upload * 100;
        if (Math.abs(percent) < THRESHOLD_PERCENT) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("downloadBitsPerSecond", download);
        data.put("uploadBitsPerSecond", upload);
        data.put("differencePercent", percent);
        data.put("oppositeRuns", others.length);
        String message = String.format(java.util.Locale.ROOT, "Download is %.1f%% %s than upload (%s vs %s) for %s "
                        + "between %s and %s; check the receive path on the client (RX queues, IRQ affinity, driver "
                        + "offloads) before blaming the network.", Math.abs(percent), percent < 0 ? "lower" : "higher",
                Figures.rate(download), Figures.rate(upload), run.scenario(), orUnknown(run.sut()),
                orUnknown(run.peer()));
        return Optional.of(new Finding(run.id(), "direction-asymmetry", Finding.WARNING, message, data));
    }

    private static boolean samePair(RunSummary run, RunSummary other) {
        return Objects.equals(run.sut(), other.sut()) && Objects.equals(run.peer(), other.peer())
                && run.protocol().equals(other.protocol()) && run.streams() == other.streams()
                && Objects.equals(run.targetBitsPerSecond(), other.targetBitsPerSecond())
                && Objects.equals(run.driver(), other.driver()) && Objects.equals(run.instanceType(),
                other.instanceType());
    }

    private static String orUnknown(String host) {
        return host == null ? "(unnamed host)" : host;
    }
}
