package com.burstline.contract;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

public class ScenarioSpecTest {

    /** A valid spec as the agent receives it; other tests vary it. */
    public static Map<String, Object> valid() {
        Map<String, Object> json = new HashMap<>();
        json.put("jobId", 7);
        json.put("scenarioId", 31);
        json.put("attempt", 1);
        json.put("peerHost", "10.77.0.2");
        json.put("port", 5201);
        json.put("protocol", "TCP");
        json.put("direction", "upload");
        json.put("streams", 4);
        json.put("durationSeconds", 30);
        json.put("intervalSeconds", 5);
        json.put("nonce", "dispatch-nonce-0123456789abcdef");
        return json;
    }

    @Test
    void readsAValidSpec() {
        ScenarioSpec spec = ScenarioSpec.fromJson(valid());

        assertThat(spec.peerHost()).isEqualTo("10.77.0.2");
        assertThat(spec.scenario().streams()).isEqualTo(4);
        assertThat(spec.scenario().intervalSeconds()).isEqualTo(5.0);
        assertThat(spec.scenario().omitSeconds()).isZero();
        assertThat(spec.scenario().targetBitsPerSecond()).isNull();
    }

    /** The server builds specs from stored scenarios: one beyond the limits never becomes a message to an agent. */
    @Test
    void aSpecIsMadeOnlyOfABoundedScenario() {
        Scenario aDay = Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(86_400).build();

        assertThatThrownBy(() -> new ScenarioSpec(new AttemptKey(7, 31, 1), "10.77.0.2", 5201, aDay,
                "dispatch-nonce-0123456789abcdef")).isInstanceOf(InvalidMessageException.class)
                .hasMessageContaining("durationSeconds must be between 1 and 3600");
    }

    @ParameterizedTest
    @CsvSource({
            "port, 1023, port must be between 1024 and 65535",
            "port, 65536, port must be between 1024 and 65535",
            "durationSeconds, 0, durationSeconds must be between 1 and 3600",
            "durationSeconds, 3601, durationSeconds must be between 1 and 3600",
            "streams, 0, streams must be between 1 and 128",
            "streams, 129, streams must be between 1 and 128",
            "omitSeconds, 601, omitSeconds must be between 0 and 600",
            "intervalSeconds, 0.01, intervalSeconds must be between 0.1 and 60",
            "targetBitsPerSecond, 400000000001, targetBitsPerSecond must be between 1000 and 400000000000"})
    void refusesValuesOutOfBounds(String field, String value, String message) {
        Map<String, Object> json = valid();
        json.put(field, value.contains(".") ? (Object) Double.parseDouble(value) : (Object) Long.parseLong(value));

        assertThatThrownBy(() -> ScenarioSpec.fromJson(json)).isInstanceOf(InvalidMessageException.class)
                .hasMessageContaining(message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-oops", "--bidir", "host name", "h;rm -rf /", "$(reboot)", "a\nb", "", "10.0.0.1 -R"})
    void peerHostIsAnAddressOrAHostnameAndNothingElse(String host) {
        Map<String, Object> json = valid();
        json.put("peerHost", host);

        assertThatThrownBy(() -> ScenarioSpec.fromJson(json)).isInstanceOf(InvalidMessageException.class)
                .hasMessageContaining("peerHost");
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.77.0.2", "127.0.0.1", "::1", "fe80::1%eth0"})
    void acceptsAddresses(String host) {
        Map<String, Object> json = valid();
        json.put("peerHost", host);

        assertThat(ScenarioSpec.fromJson(json).peerHost()).isEqualTo(host);
    }

    /**
     * The server resolves a peer's name once, checks the address and sends that: a name the agent resolved again
     * could answer differently (split DNS, rebinding) and lead it outside the networks the server checked.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ip-10-0-0-5.ec2.internal", "peer", "localhost"})
    void refusesHostNames(String host) {
        Map<String, Object> json = valid();
        json.put("peerHost", host);

        assertThatThrownBy(() -> ScenarioSpec.fromJson(json)).isInstanceOf(InvalidMessageException.class)
                .hasMessageContaining("peerHost must be an IP address, not the host name '" + host + "'");
    }

    @Test
    void theNetworksTheServerAllowsTravelWithTheSpecAndDefaultToThePrivateRanges() {
        Map<String, Object> json = valid();
        assertThat(ScenarioSpec.fromJson(json).allowedNetworks()).isEqualTo(AddressRange.PRIVATE);

        json.put("allowedNetworks", java.util.List.of("10.77.0.0/24"));
        ScenarioSpec spec = ScenarioSpec.fromJson(json);

        assertThat(spec.allowedNetworks()).containsExactly("10.77.0.0/24");
        assertThat(ScenarioSpec.fromJson(spec.toJson())).isEqualTo(spec);
        json.put("allowedNetworks", java.util.List.of("not a range"));
        assertThatThrownBy(() -> ScenarioSpec.fromJson(json)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("allowedNetworks");
    }

    @Test
    void wrongTypesAndUnknownChoicesAreRefused() {
        Map<String, Object> text = valid();
        text.put("streams", "4");
        Map<String, Object> protocol = valid();
        protocol.put("protocol", "SCTP");
        Map<String, Object> udpWithoutTarget = valid();
        udpWithoutTarget.put("protocol", "UDP");

        assertThatThrownBy(() -> ScenarioSpec.fromJson(text)).hasMessageContaining("streams must be a whole number");
        assertThatThrownBy(() -> ScenarioSpec.fromJson(protocol)).hasMessageContaining("protocol must be one of");
        assertThatThrownBy(() -> ScenarioSpec.fromJson(udpWithoutTarget)).hasMessageContaining("targetBitsPerSecond");
    }

    @ParameterizedTest
    @ValueSource(strings = {"iperf3", "burstline-java", "auto"})
    void theToolSurvivesTheRoundTrip(String tool) {
        Map<String, Object> json = valid();
        json.put("tool", tool);

        ScenarioSpec spec = ScenarioSpec.fromJson(json);

        assertThat(spec.scenario().tool()).isEqualTo(tool);
        assertThat(ScenarioSpec.fromJson(spec.toJson())).isEqualTo(spec);
    }

    @Test
    void theEnginesFormerNameIsReadAsItsOneName() {
        Map<String, Object> json = valid();
        json.put("tool", "java");

        assertThat(ScenarioSpec.fromJson(json).scenario().tool()).isEqualTo("burstline-java");
    }

    @Test
    void anAbsentToolIsAutoAndAnUnknownOneIsRefusedNamingTheChoices() {
        assertThat(ScenarioSpec.fromJson(valid()).scenario().tool()).isEqualTo("auto");
        Map<String, Object> json = valid();
        json.put("tool", "netperf");

        assertThatThrownBy(() -> ScenarioSpec.fromJson(json)).isInstanceOf(InvalidMessageException.class)
                .hasMessageContaining("tool must be one of [auto, burstline-java, iperf3]")
                .hasMessageContaining("'netperf'");
    }
}
