package com.burstline.agent;

import java.util.List;

/**
 * What a tool run produced: the output exactly as the tool printed it, or the reason it failed in words.
 *
 * @param outputFormat {@code json} or {@code json-stream}
 */
record Measurement(boolean succeeded, String error, String output, String outputFormat, String stderrTail,
                   List<String> command, Integer exitCode) {
}
