package com.burstline.server.fleet;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** A fleet read a page at a time, or found by name; out-of-range pages show the nearest one. */
class AgentListPageTest {
    private static final List<AgentView> FLEET = IntStream.rangeClosed(1, 120)
            .mapToObj(i -> agent(String.format("t4g-%03d", i))).toList();

    @Test
    void aLargeFleetIsShownFiftyAtATime() {
        AgentListPage second = AgentListPage.of(FLEET, null, 2);

        assertThat(second.agents()).extracting(AgentView::name).startsWith("t4g-051").endsWith("t4g-100");
        assertThat(second.pages()).isEqualTo(3);
        assertThat(second.first()).isEqualTo(51);
        assertThat(second.last()).isEqualTo(100);
        assertThat(second.paged()).isTrue();
        assertThat(AgentListPage.of(FLEET, null, 3).agents()).hasSize(20);
    }

    @Test
    void aPageOutsideTheRangeShowsTheNearestOne() {
        assertThat(AgentListPage.of(FLEET, null, 0).number()).isEqualTo(1);
        assertThat(AgentListPage.of(FLEET, null, 99).number()).isEqualTo(3);
    }

    @Test
    void theNameFilterIgnoresCaseAndAFewAgentsNeedNoPager() {
        AgentListPage found = AgentListPage.of(FLEET, " T4G-11 ", 1);

        assertThat(found.agents()).extracting(AgentView::name).containsExactly("t4g-110", "t4g-111", "t4g-112",
                "t4g-113", "t4g-114", "t4g-115", "t4g-116", "t4g-117", "t4g-118", "t4g-119");
        assertThat(found.name()).isEqualTo("T4G-11");
        assertThat(AgentListPage.of(FLEET.subList(0, 5), null, 1).paged()).isFalse();
        assertThat(AgentListPage.of(FLEET, "c7g", 1).agents()).isEmpty();
        assertThat(AgentListPage.of(FLEET, "c7g", 1).first()).isZero();
    }

    private static AgentView agent(String name) {
        return new AgentView(name, "https://10.0.0.1:7701", "10.0.0.1", "test", null, true, false, Instant.EPOCH,
                Instant.EPOCH, null, null);
    }
}
