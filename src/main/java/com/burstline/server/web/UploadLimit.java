package com.burstline.server.web;

import org.springframework.util.unit.DataSize;

/** burstline.max-upload-size for the upload page: exact bytes for its size check, and a label for people. */
record UploadLimit(long bytes, String label) {
    private static final long KB = 1024;
    private static final long MB = KB * KB;

    static UploadLimit of(DataSize size) {
        long bytes = size.toBytes();
        String label = bytes % MB == 0 ? bytes / MB + " MB"
                : bytes % KB == 0 ? bytes / KB + " KB" : bytes + " bytes";
        return new UploadLimit(bytes, label);
    }
}
