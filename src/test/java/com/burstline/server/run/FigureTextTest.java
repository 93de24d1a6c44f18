package com.burstline.server.run;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server's words for figures on the shared list (src/test/resources/figure-text.json) that
 * frontend/tests/units.test.mjs holds the browser's units.js to: both write the same values the same way.
 */
class FigureTextTest {

    @Test
    void everyValueOnTheSharedListReadsAsTheListSays() throws Exception {
        JsonNode cases;
        try (InputStream in = getClass().getResourceAsStream("/figure-text.json")) {
            cases = JsonMapper.builder().build().readTree(in).get("cases");
        }
        assertThat(cases.size()).isGreaterThan(30);
        for (JsonNode one : cases) {
            Double value = one.get("value").isNull() ? null : one.get("value").doubleValue();
            assertThat(format(one.get("kind").stringValue()).apply(value)).as(one.toString())
                    .isEqualTo(one.get("text").stringValue());
        }
    }

    private static Function<Double, String> format(String kind) {
        return switch (kind) {
            case "rate" -> FigureText::rate;
            case "percent" -> FigureText::percent;
            case "loss" -> FigureText::loss;
            case "jitter" -> FigureText::jitter;
            case "limit" -> FigureText::limit;
            case "gbit" -> FigureText::gbit;
            case "ms" -> FigureText::ms;
            default -> throw new IllegalArgumentException(kind);
        };
    }
}
