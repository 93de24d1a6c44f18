package com.burstline.server.web;

import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RunMetadata;

import java.util.Arrays;
import java.util.List;

/**
 * The upload form's metadata fields, kept as typed text so that the form can be shown again exactly as filled in;
 * {@link #toMetadata()} turns them into what the importer checks.
 */
record UploadForm(String sut, String peer, String instanceType, String driver, String tags, String burstLimitGbps,
                  String baselineGbps) {

    static UploadForm empty() {
        return new UploadForm(null, null, null, null, null, null, null);
    }

    /** @throws InvalidRunInputException when a limit is not a number */
    RunMetadata toMetadata() {
        return new RunMetadata(sut, peer, instanceType, driver, tagList(),
                gbps("burstLimitGbps", burstLimitGbps), gbps("baselineGbps", baselineGbps));
    }

    private List<String> tagList() {
        return tags == null ? List.of() : Arrays.asList(tags.split(","));
    }

    private static Double gbps(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Double.valueOf(value.strip());
        } catch (NumberFormatException e) {
            throw new InvalidRunInputException(name + " must be a number of Gbit/s such as 5 or 0.512, not '"
                    + value.strip() + "'");
        }
    }
}
