package com.burstline.server.compare;

import java.util.Locale;

/** Puts a comparison into the words an engineer would write in a report. Significance at p < 0.05. */
final class Verdicts {
    static final double ALPHA = 0.05;

    private Verdicts() {
    }

    static String verdict(String baseline, String other, int nBaseline, int nOther, Statistics.Difference difference,
                          String scenario) {
        String change = String.format(Locale.ROOT, "%s is %.1f%% %s than %s on %s", other,
                Math.abs(difference.deltaPercent()), difference.deltaPercent() >= 0 ? "faster" : "slower", baseline,
                scenario);
        if (difference.pValue() == null) {
            if (nBaseline < 2 || nOther < 2) {
                return "not enough runs for a test (" + sizes(nBaseline, nOther) + "; 2 each needed): " + change;
            }
            return change + " (no spread within either group, so no test)";
        }
        if (difference.pValue() < ALPHA) {
            return change + ", " + p(difference.pValue());
        }
        return "no significant difference on " + scenario + " with " + sizes(nBaseline, nOther) + " ("
                + p(difference.pValue()) + ")";
    }

    static String p(double pValue) {
        if (pValue < 0.001) {
            return "p < 0.001";
        }
        return String.format(Locale.ROOT, pValue < 0.01 ? "p = %.3f" : "p = %.2f", pValue);
    }

    private static String sizes(int nBaseline, int nOther) {
        return nBaseline == nOther ? "n = " + nBaseline + " each" : "n = " + nBaseline + " and " + nOther;
    }
}
