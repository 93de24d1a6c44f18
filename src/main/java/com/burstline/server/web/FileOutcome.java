package com.burstline.server.web;

/** What happened to one uploaded file: a new run, a run that already had these bytes, or why it was refused. */
record FileOutcome(String fileName, Kind kind, Long runId, String message) {

    enum Kind { CREATED, DUPLICATE, REFUSED }

    static FileOutcome stored(String fileName, long runId, boolean created) {
        return new FileOutcome(fileName, created ? Kind.CREATED : Kind.DUPLICATE, runId, null);
    }

    static FileOutcome refused(String fileName, String message) {
        return new FileOutcome(fileName, Kind.REFUSED, null, message);
    }
}
