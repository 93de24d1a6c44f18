package com.burstline.server.trend;

import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the change points whose step is large enough to matter. A long, steady series makes even a 1 % shift
 * significant, and on a shaped link such shifts are the test machine's, not the driver's: the smallest step goes
 * first and the levels are measured again without it, until every step left is at least the minimum.
 */
final class PracticalChanges {
    private PracticalChanges() {
    }

    /** @param found sorted by index, as {@link EDivisive} gives them */
    static List<EDivisive.ChangePoint> keep(double[] values, List<EDivisive.ChangePoint> found,
                                            double minChangePercent) {
        List<EDivisive.ChangePoint> kept = new ArrayList<>(found);
        while (true) {
            int smallest = -1;
            double smallestPercent = minChangePercent;
            for (int c = 0; c < kept.size(); c++) {
                double percent = Math.abs(ChangeDescriptions.stepPercent(values, kept, c));
                if (percent < smallestPercent) {
                    smallest = c;
                    smallestPercent = percent;
                }
            }
            if (smallest < 0) {
                return kept;
            }
            kept.remove(smallest);
        }
    }
}
