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
            case CAP -> e.allowanceExceeded() == null ? ofLimit(e) : shaped(e);
            case SENDER -> e.sentShareOfTarget() != null
                    ? "it sent " + FigureText.percent(e.sentShareOfTarget()) + " of its target"
                    : "its CPU at " + FigureText.percent(e.senderCpuPercent());
            case RECEIVER -> e.receiverDrops() != null && e.receiverDrops() > 0
                    ? String.format(Locale.ROOT, "its host dropped %,d %s", e.receiverDrops(),
                    e.lostPercent() != null ? "datagrams" : "packets")
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

    /** "95.6% of the 5 Gbit/s burst limit", "98.0% of the 512 Mbit/s baseline (the burst credits ran out after 5.6 s)". */
    private static String ofLimit(Verdict.Evidence e) {
        if (e == null || e.limit() == null) {
            return "below no known limit";
        }
        if (!"baseline".equals(e.limit())) {
            return FigureText.percent(e.shareOfLimit()) + " of the " + FigureText.limit(e.limitBitsPerSecond())
                    + " burst limit";
        }
        return FigureText.percent(e.shareOfLimit()) + " of the " + FigureText.limit(e.limitBitsPerSecond())
                + " baseline (the burst credits ran out" + (e.creditsRanOutAtSeconds() == null ? ""
                : String.format(Locale.ROOT, " after %.1f s", e.creditsRanOutAtSeconds())) + ")";
    }

    /** "ENA's bw_out_allowance_exceeded grew by 1,204 during the run; 95.6% of the 5 Gbit/s burst limit". */
    private static String shaped(Verdict.Evidence e) {
        StringBuilder text = new StringBuilder("ENA's ");
        e.allowanceExceeded().forEach((counter, grew) -> text.append(text.length() > 6 ? " and " : "")
                .append(String.format(Locale.ROOT, "%s grew by %,d", counter, grew)));
        text.append(" during the run");
        return e.limit() == null ? text.toString() : text + "; " + ofLimit(e);
    }
}
