package com.burstline.server.report;

import java.util.Locale;

/** How the report heads its rows: a direction with a capital, as the seed article's tables write it. */
final class ReportFormat {
    private ReportFormat() {
    }

    static String direction(String direction) {
        return direction.substring(0, 1).toUpperCase(Locale.ROOT) + direction.substring(1);
    }
}
