package com.burstline.server.hostconfig;

import org.springframework.stereotype.Component;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The vendor's advice, read from {@code hostconfig/vendor-advice.json}: one home for every threshold and its source,
 * so that it can be updated when AWS changes its checker or documentation without touching the code.
 */
@Component
public class VendorAdvice {
    static final String RESOURCE = "/hostconfig/vendor-advice.json";

    /** Where a piece of advice comes from. */
    public record Source(String title, String url) {
    }

    /** A check a host's facts may fail only on a host where {@code fact} is below {@code below}. */
    record When(String fact, double below) {
    }

    record Check(String id, String os, boolean ena, String check, List<String> facts, String rule, Double min,
                 Double max, Object value, List<String> values, String maxFact, When when, String advice,
                 String level, String source) {
    }

    record Advice(String about, Map<String, Source> sources, List<Check> checks) {
    }

    private final Advice advice;

    VendorAdvice() {
        this(VendorAdvice.class.getResourceAsStream(RESOURCE));
    }

    VendorAdvice(InputStream json) {
        try (json) {
            this.advice = JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build()
                    .readValue(json, Advice.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        for (Check check : advice.checks()) {
            if (!advice.sources().containsKey(check.source())) {
                throw new IllegalStateException("check " + check.id() + " names no known source: " + check.source());
            }
        }
    }

    List<Check> checks() {
        return advice.checks();
    }

    Source source(String key) {
        return advice.sources().get(key);
    }
}
