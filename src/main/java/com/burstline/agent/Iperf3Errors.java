package com.burstline.agent;

import com.burstline.contract.Json;

import java.nio.charset.StandardCharsets;

/** Finds the error iperf3 reported in its own JSON output ({@code "error"} or a {@code --json-stream} error event). */
final class Iperf3Errors {
    private Iperf3Errors() {
    }

    static String reportedError(String output) {
        String text = output.strip();
        if (text.isEmpty()) {
            return null;
        }
        try {
            Object error = Json.parseObject(bytes(text)).get("error");
            return error == null ? null : error.toString();
        } catch (IllegalArgumentException notOneObject) {
            return errorEvent(text);
        }
    }

    /** {@code --json-stream}: one event per line, the error as {@code {"event":"error","data":"..."}}. */
    private static String errorEvent(String text) {
        for (String line : text.split("\n")) {
            if (line.startsWith("{\"event\":\"error\"")) {
                try {
                    return String.valueOf(Json.parseObject(bytes(line)).get("data"));
                } catch (IllegalArgumentException broken) {
                    return null;
                }
            }
        }
        return null;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
