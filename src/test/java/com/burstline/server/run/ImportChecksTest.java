package com.burstline.server.run;

import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Iperf3Plausibility;
import com.burstline.iperf.Samples;
import com.burstline.iperf.Utf8Input;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The import checks and parses an upload in one pass ({@link Iperf3OutputParser#checkAndParse}); it must answer
 * exactly as the three steps it replaces did one after another (UTF-8, plausibility, parse): the same result, or the
 * same refusal with the same words, for every real output and every body of the hostile corpus.
 */
class ImportChecksTest {
    private final Iperf3OutputParser parser = new Iperf3OutputParser();

    @Test
    void everyRealOutputAndEveryHostileBodyIsAnsweredAsByTheThreeStepsInTurn() {
        List<byte[]> inputs = new ArrayList<>();
        Samples.all().forEach(name -> inputs.add(Samples.bytes(name)));
        HostileCorpus.generate().forEach(body -> inputs.add(body.content()));
        HostileCorpus.markedNotRefused().forEach(body -> inputs.add(body.content()));
        inputs.addAll(oddShapes());
        int compared = 0;
        for (byte[] input : inputs) {
            for (boolean partial : new boolean[] {false, true}) {
                String threeSteps = outcome(() -> {
                    Utf8Input.require(input);
                    Iperf3Plausibility.check(input);
                    return partial ? parser.parsePartial(input) : parser.parse(input);
                });
                String onePass = outcome(() -> parser.checkAndParse(input, partial));
                assertThat(onePass).as(new String(input, StandardCharsets.UTF_8)).isEqualTo(threeSteps);
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(2 * 300);
    }

    @Test
    void aRealOutputIsReadTheSameWithOrWithoutThePlausibilityPassesTree() {
        for (String name : Samples.successfulRuns()) {
            byte[] output = Samples.bytes(name);
            assertThat(parser.checkAndParse(output, false)).as(name).isEqualTo(parser.parse(output));
        }
    }

    /** Shapes the tree built along must not be taken for the document: several roots, a root array, one line. */
    private static List<byte[]> oddShapes() {
        String tcp = new String(Samples.bytes("iperf3-318-tcp-1-upload.json"), StandardCharsets.UTF_8).strip();
        String oneLine = "{\"event\":\"start\",\"data\":{\"version\":\"iperf 3.18\"}}";
        return List.of(tcp + " " + tcp, tcp + " 1", "[" + tcp + "]", "1 " + tcp, oneLine, oneLine + " {}", "{} []",
                tcp.substring(0, tcp.length() - 1), tcp + "}", "\"text\"", "{\"start\":1,\"start\":{}}")
                .stream().map(text -> text.getBytes(StandardCharsets.UTF_8)).toList();
    }

    private static String outcome(Supplier<Object> step) {
        try {
            return "result " + step.get();
        } catch (RuntimeException refused) {
            return refused.getClass().getName() + ": " + refused.getMessage();
        }
    }
}
