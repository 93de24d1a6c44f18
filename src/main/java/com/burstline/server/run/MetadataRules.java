package com.burstline.server.run;

import java.util.regex.Pattern;

/** Bounds on uploader-supplied metadata, checked before anything is parsed or stored. */
final class MetadataRules {
    static final int MAX_TEXT = 200;
    static final int MAX_INSTANCE_TYPE = 64;
    static final int MAX_TAGS = 20;
    static final int MAX_TAG = 64;
    static final double MAX_GBPS = 10_000;
    private static final Pattern CONTROL_CHARACTERS = Pattern.compile("\\p{Cntrl}");

    private MetadataRules() {
    }

    static void check(RunMetadata metadata) {
        text("sut", metadata.sut(), MAX_TEXT);
        text("peer", metadata.peer(), MAX_TEXT);
        text("instanceType", metadata.instanceType(), MAX_INSTANCE_TYPE);
        text("driver", metadata.driver(), MAX_TEXT);
        if (metadata.tags().size() > MAX_TAGS) {
            throw new InvalidRunInputException("at most " + MAX_TAGS + " tags per run, not " + metadata.tags().size());
        }
        metadata.tags().forEach(tag -> text("tag", tag, MAX_TAG));
        rate("burstLimitGbps", metadata.burstLimitGbps());
        rate("baselineGbps", metadata.baselineGbps());
    }

    private static void text(String name, String value, int maxLength) {
        if (value == null) {
            return;
        }
        if (value.length() > maxLength) {
            throw new InvalidRunInputException(name + " is " + value.length() + " characters long; at most "
                    + maxLength + " are allowed");
        }
        if (CONTROL_CHARACTERS.matcher(value).find()) {
            throw new InvalidRunInputException(name + " must not contain control characters such as line breaks");
        }
    }

    private static void rate(String name, Double gbps) {
        if (gbps != null && !(gbps > 0 && gbps <= MAX_GBPS)) {
            throw new InvalidRunInputException(name + " must be a number of Gbit/s above 0 and at most "
                    + (int) MAX_GBPS + ", not " + gbps);
        }
    }
}
