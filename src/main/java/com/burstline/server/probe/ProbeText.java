package com.burstline.server.probe;

import com.burstline.server.run.FigureText;

import java.util.Locale;

/** Probe figures in words. Every sentence says it is an estimate from one probe: credits are not published. */
public final class ProbeText {
    private ProbeText() {
    }

    static String summary(ProbeFigures probe, int maxDurationSeconds) {
        String burst = probe.burstBitsPerSecond() == null ? "no rate" : FigureText.rate(probe.burstBitsPerSecond());
        if (!probe.dropped()) {
            return "No drop: " + burst + " for the whole " + seconds(probe.measuredSeconds()) + " (the probe's "
                    + "maximum was " + maxDurationSeconds + " s), so the credit lasts longer than that at this rate. "
                    + "An estimate from one probe.";
        }
        return burst + " for " + seconds(probe.exhaustedAfterSeconds()) + ", then "
                + FigureText.rate(probe.baselineBitsPerSecond()) + " baseline: about " + bits(probe.creditBits())
                + " of credit above the baseline, back after about " + seconds(probe.refillSeconds())
                + " if it refills at the baseline rate. An estimate from one probe.";
    }

    /**
     * Why a cool-down "auto" waits what it waits, from the probe that decided it: "the refill of arm-a's upload
     * credit, 12.3 Gbit (1.5 GB) above the 512 Mbit/s baseline at that baseline rate, from the burst probe of job #4
     * (2026-12-01T10:00:00Z)".
     */
    public static String coolDownBasis(ProbeView probe) {
        String of = "the burst probe of job #" + probe.jobId() + " (" + probe.measuredAt() + ")";
        ProbeFigures figures = probe.figures();
        String direction = probe.direction().apiName();
        if (figures.refillSeconds() == null) {
            return probe.host() + "'s " + direction + " rate never dropped in " + seconds(figures.measuredSeconds())
                    + " of " + of + ", so no credit is known to refill";
        }
        return "the refill of " + probe.host() + "'s " + direction + " credit, " + bits(figures.creditBits())
                + " above the " + FigureText.rate(figures.baselineBitsPerSecond()) + " baseline at that baseline rate, "
                + "from " + of;
    }

    /** How long the burst rate lasted: "6.2 s", or "no drop in 20.0 s" when it never dropped. */
    public static String lasted(ProbeView probe) {
        ProbeFigures figures = probe.figures();
        return figures.exhaustedAfterSeconds() == null ? "no drop in " + seconds(figures.measuredSeconds())
                : seconds(figures.exhaustedAfterSeconds());
    }

    /** The credit, "—" without a drop (it is then more than the probe could spend). */
    public static String credit(ProbeView probe) {
        return probe.figures().creditBits() == null ? "—" : bits(probe.figures().creditBits());
    }

    /** A rate, "—" when there is none. */
    public static String rate(Double bitsPerSecond) {
        return bitsPerSecond == null ? "—" : FigureText.rate(bitsPerSecond);
    }

    static String seconds(double seconds) {
        if (seconds >= 120) {
            return String.format(Locale.ROOT, "%.1f min", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.1f s", seconds);
    }

    /** Gbit and Tbit as the decimal units the rates use; GB too, since credit is often thought of as data. */
    static String bits(double bits) {
        String gigabytes = String.format(Locale.ROOT, "%.1f GB", bits / 8e9);
        if (bits >= 1e12) {
            return String.format(Locale.ROOT, "%.2f Tbit (%s)", bits / 1e12, gigabytes);
        }
        return String.format(Locale.ROOT, "%.1f Gbit (%s)", bits / 1e9, gigabytes);
    }
}
