package com.burstline.server.schedule;

import com.burstline.server.schedule.ScheduleEventView.DetailPart;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The history page shows the times inside a detail the way the dashboard shows every time, so they are split out. */
class ScheduleEventViewTest {
    @Test
    void eachInstantInADetailIsItsOwnPartAndTheTextAroundItStays() {
        assertThat(parts("the server was down for 2 runs (due from 2026-12-01T03:00:00Z to 2026-12-02T03:00:00.5Z)"))
                .containsExactly(new DetailPart("the server was down for 2 runs (due from ", false),
                        new DetailPart("2026-12-01T03:00:00Z", true), new DetailPart(" to ", false),
                        new DetailPart("2026-12-02T03:00:00.5Z", true), new DetailPart(")", false));
    }

    @Test
    void aDetailThatEndsWithATimeOrHoldsNoneKeepsItsText() {
        assertThat(parts("resumed: next run at 2026-12-02T03:00:00Z")).containsExactly(
                new DetailPart("resumed: next run at ", false), new DetailPart("2026-12-02T03:00:00Z", true));
        assertThat(parts("paused: no jobs start until it is resumed"))
                .containsExactly(new DetailPart("paused: no jobs start until it is resumed", false));
        assertThat(parts("told the webhook: a drop on 2026-12-01 (p = 0.001)")).as("a date alone is not an instant")
                .hasSize(1);
    }

    private static List<DetailPart> parts(String detail) {
        return new ScheduleEventView(1, Instant.EPOCH, ScheduleEventKind.PAUSED, null, null, null, detail).detailParts();
    }
}
