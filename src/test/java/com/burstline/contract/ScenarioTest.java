package com.burstline.contract;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioTest {
    private static Scenario tcp(int streams, String direction) {
        return Scenario.of(Protocol.TCP, Direction.fromApiName(direction)).streams(streams).durationSeconds(10).build();
    }

    private static Scenario udp(long target) {
        return Scenario.of(Protocol.UDP, Direction.UPLOAD).durationSeconds(10).targetBitsPerSecond(target).build();
    }

    @Test
    void aScenarioIsNamedAsPagesAndReportsHaveAlwaysNamedIt() {
        assertThat(tcp(4, "download").name()).isEqualTo("TCP 4 streams download");
        assertThat(tcp(1, "bidir").name()).isEqualTo("TCP 1 stream bidir");
        assertThat(udp(1_000_000_000L).name()).isEqualTo("UDP 1 Gbit/s upload");
        assertThat(ScenarioNames.shortName(Protocol.UDP, 1, 5_000_000_000L)).isEqualTo("UDP 5 Gbit/s");
        assertThat(ScenarioNames.shortName(Protocol.TCP, 4, null)).isEqualTo("TCP 4 streams");
    }

    @ParameterizedTest
    @CsvSource({"1000000000, 1 Gbit/s", "1500000000, 1.5 Gbit/s", "500000000, 500 Mbit/s", "2500000, 2.5 Mbit/s",
            "64000, 64 kbit/s", "1234567, 1.234567 Mbit/s"})
    void aTargetIsPrintedExactlyInItsLargestUnit(long bitsPerSecond, String text) {
        assertThat(ScenarioNames.rate(bitsPerSecond)).isEqualTo(text);
    }

    @Test
    void aScenarioIsOneOfTheKnownKindsAndABoundedOneWithinEveryLimit() {
        assertThatThrownBy(() -> Scenario.fromJson(new Fields(Map.of("protocol", "TCP", "direction", "sideways",
                "streams", 1, "durationSeconds", 10)))).hasMessageContaining("direction must be one of");
        assertThatThrownBy(() -> Scenario.of(Protocol.TCP, Direction.UPLOAD).streams(0).durationSeconds(10).build())
                .isInstanceOf(InvalidMessageException.class);
        // what an upload measured may lie beyond what a job may run; only a bounded scenario is dispatched
        Scenario aDay = Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(86_400).build();
        assertThatThrownBy(aDay::bounded).hasMessageContaining("durationSeconds");
        assertThatThrownBy(() -> Scenario.of(Protocol.UDP, Direction.UPLOAD).durationSeconds(10).build().bounded())
                .isInstanceOf(InvalidMessageException.class).hasMessage(Scenario.UDP_NEEDS_TARGET);
        assertThatThrownBy(() -> Scenario.of(Protocol.TCP, Direction.UPLOAD).streams(129).durationSeconds(10)
                .build().bounded())
                .hasMessageContaining("streams");
        assertThatThrownBy(() -> tcp(1, "upload").withDuration(3601).bounded()).hasMessageContaining("durationSeconds");
        assertThat(tcp(1, "upload").bounded()).isEqualTo(tcp(1, "upload"));
        assertThat(Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(10).tool("java").build()
                .tool()).isEqualTo(Scenario.TOOL_ENGINE);
    }

    @Test
    void aShorterRunShrinksItsIntervalSoThatItKeepsAShape() {
        Scenario thirtySeconds = Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(30).intervalSeconds(5)
                .omitSeconds(2).build();

        assertThat(thirtySeconds.withDuration(4)).isEqualTo(Scenario.of(Protocol.TCP, Direction.UPLOAD)
                .durationSeconds(4).omitSeconds(2).build());
        assertThat(thirtySeconds.withDuration(null)).isSameAs(thirtySeconds);
        assertThat(thirtySeconds.measuringSeconds()).isEqualTo(32);
    }

    @Test
    void itsFieldsKeepTheWiresOrder() {
        assertThat(udp(1_000_000_000L).toJson()).containsExactly(entry("protocol", "UDP"),
                entry("direction", "upload"), entry("streams", 1),
                entry("durationSeconds", 10), entry("intervalSeconds", 1.0),
                entry("omitSeconds", 0), entry("targetBitsPerSecond", 1_000_000_000L),
                entry("tool", "auto"));
    }
}
