package com.burstline.server.run;

import java.util.Locale;

/**
 * A verdict in words, made at the edge from its id and evidence: the catalog's words first ("the cap"), then the
 * figures that show it, then what was not known. "the cap: 95.6% of the 5 Gbit/s burst limit".
 */
final class VerdictText {
    private VerdictText() {
    }

    static String of(Verdict verdict) {
        Verdict.Evidence e = verdict.evidence();
        String shown = switch (verdict.id()) {
            case BEYOND_THE_LIMIT -> ofLimit(e) + ": the instance type is wrong or the traffic never crossed the NIC";
            case CAP -> ofLimit(e);
            case SENDER -> e.sentShareOfTarget() != null
                    ? "it sent " + FigureText.percent(e.sentShareOfTarget()) + " of its target"
                    : "its CPU at " + FigureText.percent(e.senderCpuPercent());
            case RECEIVER -> e.receiverDrops() != null && e.receiverDrops() > 0
                    ? String.format(Locale.ROOT, "its host dropped %,d datagrams", e.receiverDrops())
                    : "its CPU at " + FigureText.percent(e.receiverCpuPercent());
            case PATH -> e.lostPercent() != null ? FigureText.loss(e.lostPercent()) + " of the datagrams lost, "
                    + "the receiver's counters flat" : String.format(Locale.ROOT, "%.0f retransmits per GB",
                    e.retransmitsPerGigabyte());
            case DRIVER -> ofLimit(e) + ", nothing else decided";
            case UNKNOWN -> "";
        };
        String unknown = verdict.unknown().isEmpty() ? "" : (shown.isEmpty() ? "" : "; not known: ")
                + String.join("; ", verdict.unknown());
        return verdict.words() + (shown.isEmpty() && unknown.isEmpty() ? "" : ": ") + shown + unknown;
    }

    /** "95.6% of the 5 Gbit/s burst limit", "98.0% of the 512 Mbit/s baseline (the burst credits ran out)". */
    private static String ofLimit(Verdict.Evidence e) {
        if (e == null || e.limit() == null) {
            return "below no known limit";
        }
        boolean baseline = "baseline".equals(e.limit());
        return FigureText.percent(e.shareOfLimit()) + " of the " + FigureText.limit(e.limitBitsPerSecond())
                + (baseline ? " baseline (the burst credits ran out)" : " burst limit");
    }
}
