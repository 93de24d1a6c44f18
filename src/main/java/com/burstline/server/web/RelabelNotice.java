package com.burstline.server.web;

import com.burstline.server.run.RunsRelabelled;

/** The runs list's words for a relabelled selection: "12 runs relabelled", and how many had the labels already. */
final class RelabelNotice {
    private RelabelNotice() {
    }

    static String of(RunsRelabelled done) {
        String notice = runs(done.changed()) + " relabelled";
        int unchanged = done.selected() - done.changed();
        if (unchanged > 0) {
            notice += "; " + runs(unchanged) + " had these labels already";
        }
        return notice + ". Each changed run's label history lists the change.";
    }

    private static String runs(int count) {
        return count == 1 ? "1 run" : count + " runs";
    }
}
