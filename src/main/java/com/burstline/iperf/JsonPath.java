package com.burstline.iperf;

import tools.jackson.databind.JsonNode;

import java.math.BigInteger;

/**
 * Reads typed values out of iperf3's JSON tree and, when a value is missing or has the wrong type, says where
 * ({@code end.sum_sent.bits_per_second}), so that an upload error tells the user exactly what is wrong.
 */
final class JsonPath {
    private static final BigInteger UNSIGNED_LONG_RANGE = BigInteger.ONE.shiftLeft(64);

    private final JsonNode node;
    private final String path;

    JsonPath(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    static JsonPath root(JsonNode node) {
        return new JsonPath(node, "");
    }

    String path() {
        return path;
    }

    JsonNode node() {
        return node;
    }

    boolean has(String field) {
        JsonNode child = node.get(field);
        return child != null && !child.isNull();
    }

    JsonPath child(String field) {
        return new JsonPath(node.get(field), path.isEmpty() ? field : path + "." + field);
    }

    JsonPath requireObject(String field) {
        JsonPath child = child(field);
        if (child.node == null || !child.node.isObject()) {
            throw child.wrongType("an object");
        }
        return child;
    }

    JsonPath requireArray(String field) {
        JsonPath child = child(field);
        if (child.node == null || !child.node.isArray()) {
            throw child.wrongType("an array");
        }
        return child;
    }

    JsonPath element(int index) {
        return new JsonPath(node.get(index), path + "[" + index + "]");
    }

    int size() {
        return node.size();
    }

    double requireDouble(String field) {
        Double value = optionalDouble(field);
        if (value == null) {
            throw child(field).wrongType("a number");
        }
        return value;
    }

    /** A number, or {@code null} when absent; iperf3 prints NaN and infinity as {@code null}. */
    Double optionalDouble(String field) {
        JsonPath child = child(field);
        if (child.node == null || child.node.isNull()) {
            return null;
        }
        if (!child.node.isNumber()) {
            throw child.wrongType("a number");
        }
        return child.node.doubleValue();
    }

    /**
     * A figure that carries no throughput (CPU, rtt, cwnd), or null when absent or when iperf3 printed one no run can
     * have there ({@link PlausibleRange}): {@link Iperf3Plausibility} notes those as {@link IgnoredValue}s.
     */
    Double plausibleDouble(String field) {
        return plausible(field) ? optionalDouble(field) : null;
    }

    /** As {@link #plausibleDouble}, for whole numbers. */
    Long plausibleLong(String field) {
        return plausible(field) ? optionalLong(field) : null;
    }

    private boolean plausible(String field) {
        JsonNode value = node.get(field);
        PlausibleRange range = PlausibleRange.BY_KEY.get(field);
        return value == null || !value.isNumber() || range == null || range.allows(value.decimalValue());
    }

    long requireLong(String field) {
        Long value = optionalLong(field);
        if (value == null) {
            throw child(field).wrongType("a whole number");
        }
        return value;
    }

    /**
     * A whole number, or {@code null} when absent. iperf3 3.12 and 3.13 print -1 as 18446744073709551615
     * (unsigned 64-bit, iperf3 issue #1435), so values of 2^63 and above are read as unsigned and cast back.
     */
    Long optionalLong(String field) {
        JsonPath child = child(field);
        if (child.node == null || child.node.isNull()) {
            return null;
        }
        if (!child.node.isIntegralNumber()) {
            if (child.node.isNumber() && child.node.canConvertToExactIntegral()) {
                return child.node.longValue();
            }
            throw child.wrongType("a whole number");
        }
        if (child.node.isBigInteger()) {
            BigInteger value = child.node.bigIntegerValue();
            if (value.signum() < 0 || value.compareTo(UNSIGNED_LONG_RANGE) >= 0) {
                throw child.wrongType("a whole number that fits in 64 bits");
            }
            return value.longValue();
        }
        return child.node.longValue();
    }

    int requireInt(String field) {
        long value = requireLong(field);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw child(field).wrongType("a whole number below 2^31");
        }
        return (int) value;
    }

    String requireString(String field) {
        String value = optionalString(field);
        if (value == null) {
            throw child(field).wrongType("a string");
        }
        return value;
    }

    String optionalString(String field) {
        JsonPath child = child(field);
        if (child.node == null || child.node.isNull()) {
            return null;
        }
        if (!child.node.isString()) {
            throw child.wrongType("a string");
        }
        return child.node.stringValue();
    }

    boolean optionalBoolean(String field, boolean fallback) {
        JsonPath child = child(field);
        if (child.node == null || child.node.isNull()) {
            return fallback;
        }
        if (child.node.isBoolean()) {
            return child.node.booleanValue();
        }
        if (child.node.isIntegralNumber()) {
            return child.node.longValue() != 0;
        }
        throw child.wrongType("true or false");
    }

    Iperf3FormatException wrongType(String expected) {
        String found = node == null || node.isMissingNode() ? "missing" : "not " + expected;
        String shown = node == null || node.isMissingNode() ? found : found + " (found " + describe(node) + ")";
        return new Iperf3FormatException(path + " must be " + expected + " in iperf3 output, but it is " + shown);
    }

    private static String describe(JsonNode node) {
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isString()) {
            return "a string";
        }
        if (node.isBoolean()) {
            return "a boolean";
        }
        if (node.isNull()) {
            return "null";
        }
        return "a number";
    }
}
