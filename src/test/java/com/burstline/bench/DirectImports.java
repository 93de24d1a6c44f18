package com.burstline.bench;

import com.burstline.server.run.ImportOutcome;
import com.burstline.server.run.RunImporter;
import com.burstline.server.run.RunMetadata;

import java.util.List;

/**
 * The service's import without HTTP: {@link RunImporter#importRun} called in process from K threads with the metadata
 * the HTTP uploads give. Beside the end-to-end rows it splits the service's cost into the web stack (Tomcat, Spring
 * MVC and Security, the answer) and the import (checks, parsing, the transaction and its statements).
 */
final class DirectImports {
    private static final RunMetadata METADATA = new RunMetadata("bench-a", "bench-b", "t4g.large", null,
            List.of("bench"), null, null);

    private final RunImporter importer;

    DirectImports(RunImporter importer) {
        this.importer = importer;
    }

    /** @return wall-clock nanoseconds for importing every upload */
    long importAll(List<Corpus.Upload> uploads, int threads) throws Exception {
        return Parallel.run(uploads.size(), threads, () -> item -> {
            Corpus.Upload upload = uploads.get(item);
            ImportOutcome outcome = importer.importRun(upload.content(), upload.mediaType(), METADATA);
            if (!outcome.created()) {
                throw new IllegalStateException(upload.sample() + " was stored already: each upload must be new");
            }
        });
    }
}
