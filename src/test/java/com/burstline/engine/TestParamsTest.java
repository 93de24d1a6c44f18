package com.burstline.engine;

import com.burstline.contract.Json;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TestParamsTest {
    private static Map<String, Object> json(String text) {
        return Json.parseObject(text.getBytes(StandardCharsets.UTF_8), "the parameters");
    }

    @Test
    void theClientLeavesPresenceFlagsOutWhenTheyAreOff() {
        TestParams upload = new TestParams(false, 0, 10, 0, 0, 1, false, false, 0, 131072, 0, false, false);
        String written = Json.write(upload.toJson());
        assertThat(written).contains("\"tcp\":true", "\"time\":10", "\"parallel\":1", "\"len\":131072",
                "\"client_version\":\"3.12\"");
        assertThat(written).doesNotContain("reverse", "bidirectional", "udp", "window", "bandwidth");
    }

    @Test
    void udp64BitCountersAreSentAsTheNumberOne() {
        TestParams udp = new TestParams(true, 0, 5, 0, 0, 2, true, false, 0, 1460, 1_000_000_000, true, false);
        assertThat(Json.write(udp.toJson()))
                .contains("\"udp\":true", "\"reverse\":true", "\"bandwidth\":1000000000", "\"udp_counters_64bit\":1");
    }

    @Test
    void whatTheClientWritesTheServerReadsBack() {
        TestParams sent = new TestParams(true, 2, 7, 0, 0, 4, false, true, 262144, 1400, 50_000_000, true, false);
        assertThat(TestParams.fromJson(json(Json.write(sent.toJson())))).isEqualTo(sent);
    }

    @Test
    void aPresenceFlagCountsEvenWhenItsValueIsFalse() {
        TestParams read = TestParams.fromJson(json("{\"tcp\":true,\"reverse\":false,\"len\":131072}"));
        assertThat(read.reverse()).isTrue();
    }

    @Test
    void aKeyOfTheWrongTypeCountsAsAbsentAsIn318() {
        TestParams read = TestParams.fromJson(json(
                "{\"udp\":true,\"time\":\"3\",\"udp_counters_64bit\":true,\"parallel\":2,\"len\":1460}"));
        assertThat(read.time()).isEqualTo(10);
        assertThat(read.udpCounters64()).isFalse();
        assertThat(read.parallel()).isEqualTo(2);
    }

    @Test
    void anAbsentBandwidthIsUnlimitedAsIperf3sServerTakesIt() {
        // iperf3 -u -b 0 sends no bandwidth key: a server that took its absence for 1 Mbit/s ran -R and --bidir at that
        TestParams read = TestParams.fromJson(json("{\"udp\":true,\"reverse\":true,\"len\":1460}"));
        assertThat(read.bandwidth()).isZero();
    }

    @Test
    void theServerOutputFlagIsTheNumberOneBothWays() {
        TestParams asked = new TestParams(false, 0, 3, 0, 0, 1, false, false, 0, 131072, 0, false, true);
        assertThat(Json.write(asked.toJson())).contains("\"get_server_output\":1");
        assertThat(TestParams.fromJson(json(Json.write(asked.toJson()))).serverOutput()).isTrue();
        assertThat(TestParams.fromJson(json("{\"tcp\":true,\"get_server_output\":true}")).serverOutput())
                .isFalse();
    }

    @Test
    void numbersAreReadAsIperf3sCjsonReadsThem() {
        // valueint: the fraction dropped, and a value past the type's range saturates instead of wrapping
        assertThat(TestParams.fromJson(json("{\"tcp\":true,\"time\":1.5}")).time()).isEqualTo(1);
        assertThatThrownBy(() -> TestParams.fromJson(json("{\"tcp\":true,\"parallel\":4294967297}")))
                .hasMessageContaining("parallel must be 1 to 128");
        assertThatThrownBy(() -> TestParams.fromJson(json("{\"tcp\":true,\"len\":4294967296}")))
                .hasMessageContaining("block length");
        assertThat(TestParams.fromJson(json("{\"tcp\":true,\"num\":1e300}")).bytes()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void unknownKeysAreIgnored() {
        TestParams read = TestParams.fromJson(json("{\"tcp\":true,\"pacing_timer\":1000,\"fancy\":[1,2]}"));
        assertThat(read.len()).isEqualTo(Wire.DEFAULT_TCP_BLKSIZE);
    }

    @Test
    void valuesOutOfIperf3sRangesAreRefusedWithAReason() {
        assertThatThrownBy(() -> TestParams.fromJson(json("{\"tcp\":true,\"parallel\":129}")))
                .hasMessageContaining("parallel must be 1 to 128");
        assertThatThrownBy(() -> TestParams.fromJson(json("{\"udp\":true,\"len\":65508}")))
                .hasMessageContaining("16 to 65507");
        assertThatThrownBy(() -> TestParams.fromJson(json("{\"sctp\":true}")))
                .hasMessageContaining("neither tcp nor udp");
    }

    @Test
    void notJsonIsAClearError() {
        assertThatThrownBy(() -> json("{\"tcp\":tru")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> json("[1]")).hasMessageContaining("not a JSON object");
    }
}
