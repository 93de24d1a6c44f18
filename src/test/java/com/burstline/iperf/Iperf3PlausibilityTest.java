package com.burstline.iperf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Iperf3PlausibilityTest {

    static List<String> samples() {
        return Samples.all();
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everyRealOutputIsPlausible(String name) {
        assertThatCode(() -> Iperf3Plausibility.check(Samples.bytes(name))).doesNotThrowAnyException();
    }

    /** The tree the check builds along for -J output is the one readTree reads: node types, key order, values. */
    @ParameterizedTest
    @MethodSource("samples")
    void theTreeBuiltAlongIsTheOneReadTreeReads(String name) throws Exception {
        String text = new String(Samples.bytes(name), StandardCharsets.UTF_8).strip();
        var tree = Iperf3Plausibility.check(text);
        if (name.endsWith("-stream.json") || name.endsWith(".ndjson")) {
            assertThat(tree).isNull(); // one line at a time: the parser reads the lines itself
            return;
        }
        var read = tools.jackson.databind.json.JsonMapper.builder().build().readTree(text);
        if (name.startsWith("iperf3-39-") && name.contains("-bidir-")) {
            // readTree keeps the last of 3.9's repeated sums; the check keeps both, the second under its 3.11 name
            List<tools.jackson.databind.JsonNode> objects = new java.util.ArrayList<>(List.of(read.get("end")));
            read.get("intervals").forEach(objects::add);
            List<tools.jackson.databind.JsonNode> built = new java.util.ArrayList<>(List.of(tree.get("end")));
            tree.get("intervals").forEach(built::add);
            for (int i = 0; i < objects.size(); i++) {
                for (String key : List.of("sum", "sum_sent", "sum_received")) {
                    if (objects.get(i).has(key)) {
                        assertThat(built.get(i).get(key + "_bidir_reverse")).isEqualTo(objects.get(i).get(key));
                        assertThat(built.get(i).get(key)).isNotEqualTo(objects.get(i).get(key));
                    }
                }
            }
            return;
        }
        assertThat(tree).isEqualTo(read);
        assertThat(tree.toString()).isEqualTo(read.toString());
    }

    @Test
    void aNegativeTimeIsRefusedWithItsPathAndTheRange() {
        assertThatThrownBy(() -> Iperf3Plausibility.check(mutate("iperf3-318-tcp-1-upload.json", "\"sum_sent\"",
                "start", "-3")))
                .isInstanceOf(ImplausibleValueException.class)
                .hasMessage("end.sum_sent.start is -3; a real iperf3 run has a number from 0 to 90,000 s");
    }

    @Test
    void aRateAbove10TbitsInAStreamOfAnIntervalNamesTheElement() {
        assertThatThrownBy(() -> Iperf3Plausibility.check(mutate("iperf3-318-tcp-4-upload.json", "\"intervals\"",
                "bits_per_second", "1e300")))
                .hasMessage("intervals[0].streams[0].bits_per_second is 1e300; a real iperf3 run has a number from 0 "
                        + "to 10,000,000,000,000 bit/s (10 Tbit/s)");
    }

    @Test
    void aLineOfJsonStreamOutputIsNamedByItsNumber() {
        assertThatThrownBy(() -> Iperf3Plausibility.check(mutate("iperf3-318-udp-1g-upload-stream.json",
                "\"event\":\"end\"", "lost_percent", "1000")))
                .hasMessageMatching("line \\d+: data\\.streams\\[0\\]\\.udp\\.lost_percent is 1000; .* from 0 to 100 %");
    }

    @Test
    void aRepeatedKeyIsRefusedButIperf312sRepeatedBufferSizesAreNot() {
        assertThatThrownBy(() -> Iperf3Plausibility.check(mutate("iperf3-318-tcp-1-upload.json", "\"sum_sent\"",
                "start", "0, \"bytes\": 1")))
                .hasMessageStartingWith("end.sum_sent repeats the key \"bytes\"");
        assertThatCode(() -> Iperf3Plausibility.check(Samples.bytes("iperf3-312-tcp-4-upload.json")))
                .doesNotThrowAnyException();
    }

    @Test
    void aVersionOfMoreThan256CharactersOrWithANulIsRefused() {
        assertThatThrownBy(() -> Iperf3Plausibility.check(mutate("iperf3-318-tcp-1-upload.json", "\"start\"",
                "version", "\"" + "x".repeat(300) + "\"")))
                .hasMessage("start.version is 300 characters long; a real iperf3 run has at most 256 characters");
        assertThatThrownBy(() -> Iperf3Plausibility.check(mutate("iperf3-318-tcp-1-upload.json", "\"start\"",
                "version", "\"iperf 3.18\\u0000\"")))
                .hasMessageContaining("start.version is text with control characters");
    }

    /**
     * Values at and just beyond each kind of bound, decided as exactly as by BigDecimal: most numbers are decided as
     * a long or a double, so these pin down that a decimal whose nearest double is the bound itself is still refused.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
            "lost_percent, 100, true", "lost_percent, 100.0, true", "lost_percent, 99.99999999999999999999, true",
            "lost_percent, 100.00000000000000000001, false", "lost_percent, 1e2, true", "lost_percent, 1.0e-320, true",
            "lost_percent, -0.00000000000000000001, false", "lost_percent, -0, true", "lost_percent, 1e400, false",
            "packets, 112500000000000000, true", "packets, 112500000000000001, false", "packets, 7.0, true",
            "packets, 7.5, false", "packets, -1, false", "packets, 99999999999999999999999, false"})
    void boundsAreDecidedExactly(String key, String value, boolean allowed) {
        byte[] output = mutate("iperf3-318-udp-1g-upload.json", "\"sum\"", key, value);
        if (allowed) {
            assertThatCode(() -> Iperf3Plausibility.check(output)).doesNotThrowAnyException();
        } else {
            assertThatThrownBy(() -> Iperf3Plausibility.check(output)).isInstanceOf(ImplausibleValueException.class)
                    .hasMessageContaining(key + " is " + value + ";");
        }
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"-1, true", "18446744073709551615, true", "-2, false",
            "18446744073709551614, false", "-1.0, true", "3600000000, true", "3600000001, false"})
    void tcpInfoTakesMinusOneAsUnknownInBothOfIperf3sSpellings(String value, boolean allowed) {
        byte[] output = mutate("iperf3-318-tcp-1-upload.json", "\"intervals\"", "rtt", value);
        if (allowed) {
            assertThat(Iperf3Plausibility.check(output)).isEmpty();
        } else {
            // since issue 29 an rtt no run can have is noted and read as unknown: rtt carries no throughput
            assertThat(Iperf3Plausibility.check(output)).singleElement().satisfies(ignored -> {
                assertThat(ignored.path()).isEqualTo("intervals[0].streams[0].rtt");
                assertThat(ignored.value()).isEqualTo(value);
                assertThat(ignored.allowed()).endsWith("or -1 for unknown");
            });
            assertThat(new Iperf3OutputParser().parse(output).intervals().get(0).rttMicros()).isNull();
        }
    }

    /**
     * The real case of issue 29: iperf3 3.12's remote CPU of -6.7e19 (src/test/resources/iperf3-edited/README.md)
     * is noted and read as unknown; every throughput figure is the unedited output's.
     */
    @Test
    void anImpossibleCpuIsNotedAndUnknownWhileTheThroughputIsKept() throws Exception {
        byte[] edited;
        try (java.io.InputStream in = getClass().getResourceAsStream(
                "/iperf3-edited/iperf3-312-tcp-2-upload-remote-cpu-defect.json")) {
            edited = in.readAllBytes();
        }
        Iperf3OutputParser parser = new Iperf3OutputParser();
        Iperf3Result original = parser.parse(Samples.bytes("iperf3-312-tcp-2-upload-omit-loopback.json"));

        Iperf3OutputParser.Checked checked = parser.checkAndRead(edited, false);

        assertThat(checked.ignored()).containsExactly(new IgnoredValue("remote_total",
                "end.cpu_utilization_percent.remote_total", "-6.7e+19", 1,
                "a number from 0 to 102,400 % (100 % × 1,024 cores)"));
        assertThat(checked.ignored().get(0).label()).isEqualTo("remote CPU");
        assertThat(checked.result().remoteCpuPercent()).isNull();
        assertThat(original.remoteCpuPercent()).isEqualTo(51.337405747016987);
        assertThat(checked.result().sentBitsPerSecond()).isEqualTo(original.sentBitsPerSecond());
        assertThat(checked.result().receivedBitsPerSecond()).isEqualTo(original.receivedBitsPerSecond());
        assertThat(checked.result().intervals()).isEqualTo(original.intervals());
        assertThat(parser.parse(edited).remoteCpuPercent()).as("read the same without the check").isNull();
    }

    /** An impossible throughput, time or count is still refused whole; only fields without throughput are noted. */
    @Test
    void anImpossibleThroughputIsStillRefusedWhole() {
        assertThatThrownBy(() -> Iperf3Plausibility.check(mutate("iperf3-312-tcp-2-upload-omit-loopback.json",
                "\"sum_received\"", "bits_per_second", "-6.7e+19"))).isInstanceOf(ImplausibleValueException.class);
        assertThatThrownBy(() -> Iperf3Plausibility.check(mutate("iperf3-312-tcp-2-upload-omit-loopback.json",
                "\"cpu_utilization_percent\"", "remote_total", "\"12\""))).hasMessageContaining("must be a number");
    }

    @ParameterizedTest
    @MethodSource("samples")
    void noRealOutputHasAnythingToNote(String name) {
        assertThat(Iperf3Plausibility.check(Samples.bytes(name))).as(name).isEmpty();
    }

    /** The real output with the first value of {@code key} after {@code anchor} replaced by {@code json}. */
    static byte[] mutate(String sample, String anchor, String key, String json) {
        String text = new String(Samples.bytes(sample), StandardCharsets.UTF_8);
        int at = text.indexOf("\"" + key + "\":", text.indexOf(anchor));
        assertThat(at).as("%s after %s in %s", key, anchor, sample).isPositive();
        int valueStart = at + key.length() + 3;
        while (Character.isWhitespace(text.charAt(valueStart))) {
            valueStart++;
        }
        int valueEnd = valueStart + 1;
        boolean string = text.charAt(valueStart) == '"';
        while (string ? text.charAt(valueEnd - 1) != '"' || valueEnd == valueStart + 1
                : ",}]\n\r\t ".indexOf(text.charAt(valueEnd)) < 0) {
            valueEnd++;
        }
        return (text.substring(0, valueStart) + json + text.substring(valueEnd)).getBytes(StandardCharsets.UTF_8);
    }
}
