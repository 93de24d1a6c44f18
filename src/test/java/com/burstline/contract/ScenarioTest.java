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
        return new Scenario(Protocol.TCP, Direction.fromApiName(direction), streams, 10, 1, 0, null, Scenario.TOOL_AUTO);
    }

    private static Scenario udp(long target) {
        return new Scenario(Protocol.UDP, Direction.UPLOAD, 1, 10, 1, 0, target, Scenario.TOOL_AUTO);
    }

    @Test
    void aScenarioIsNamedAsPagesAndReportsHaveAlwaysNamedIt() {
        assertThat(tcp(4, "download").name()).isEqualTo("TCP 4 streams download");
        assertThat(tcp(1, "bidir").name()).isEqualTo("TCP 1 stream bidir");
        assertThat(udp(1_000_000_000L).name()).isEqualTo("UDP 1 Gbit/s upload");
        assertThat(Scenario.shortName(Protocol.UDP, 1, 5_000_000_000L)).isEqualTo("UDP 5 Gbit/s");
        assertThat(Scenario.shortName(Protocol.TCP, 4, null)).isEqualTo("TCP 4 streams");
    }

    @ParameterizedTest
    @CsvSource({"1000000000, 1 Gbit/s", "1500000000, 1.5 Gbit/s", "500000000, 500 Mbit/s", "2500000, 2.5 Mbit/s",
            "64000, 64 kbit/s", "1234567, 1.234567 Mbit/s"})
    void aTargetIsPrintedExactlyInItsLargestUnit(long bitsPerSecond, String text) {
        assertThat(Scenario.rate(bitsPerSecond)).isEqualTo(text);
    }

    @Test
    void aScenarioIsOneOfTheKnownKindsAndABoundedOneWithinEveryLimit() {
        assertThatThrownBy(() -> Scenario.fromJson(new Fields(Map.of("protocol", "TCP", "direction", "sideways",
                "streams", 1, "durationSeconds", 10)))).hasMessageContaining("direction must be one of");
        assertThatThrownBy(() -> new Scenario(Protocol.TCP, Direction.UPLOAD, 0, 10, 1, 0, null, "auto"))
                .isInstanceOf(InvalidMessageException.class);
        // what an upload measured may lie beyond what a job may run; only a bounded scenario is dispatched
        Scenario aDay = new Scenario(Protocol.TCP, Direction.UPLOAD, 1, 86_400, 1, 0, null, "auto");
        assertThatThrownBy(aDay::bounded).hasMessageContaining("durationSeconds");
        assertThatThrownBy(() -> new Scenario(Protocol.UDP, Direction.UPLOAD, 1, 10, 1, 0, null, "auto").bounded())
                .isInstanceOf(InvalidMessageException.class).hasMessage(Scenario.UDP_NEEDS_TARGET);
        assertThatThrownBy(() -> new Scenario(Protocol.TCP, Direction.UPLOAD, 129, 10, 1, 0, null, "auto").bounded())
                .hasMessageContaining("streams");
        assertThatThrownBy(() -> tcp(1, "upload").withDuration(3601).bounded()).hasMessageContaining("durationSeconds");
        assertThat(tcp(1, "upload").bounded()).isEqualTo(tcp(1, "upload"));
        assertThat(new Scenario(Protocol.TCP, Direction.UPLOAD, 1, 10, 1, 0, null, "java").tool()).isEqualTo(Scenario.TOOL_ENGINE);
    }

    @Test
    void aShorterRunShrinksItsIntervalSoThatItKeepsAShape() {
        Scenario thirtySeconds = new Scenario(Protocol.TCP, Direction.UPLOAD, 1, 30, 5, 2, null, "auto");

        assertThat(thirtySeconds.withDuration(4)).isEqualTo(new Scenario(Protocol.TCP, Direction.UPLOAD, 1, 4, 1, 2, null, "auto"));
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
