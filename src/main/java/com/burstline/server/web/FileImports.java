package com.burstline.server.web;

import com.burstline.iperf.Iperf3FormatException;
import com.burstline.iperf.Iperf3MeasuredNothing;
import com.burstline.iperf.Iperf3ReportedError;
import com.burstline.server.run.ImportOutcome;
import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RunImporter;
import com.burstline.server.run.RunLabelConflictException;
import com.burstline.server.run.RunMetadata;
import org.springframework.stereotype.Component;
import org.springframework.web.multipart.MultipartFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Imports uploaded files one by one; one bad file never stops the others. */
@Component
class FileImports {
    static final String JSON = "application/json";
    static final String NDJSON = "application/x-ndjson";
    /** iperf3's --json-stream puts one event per line; its first line is far shorter than this. */
    private static final int FIRST_LINE_LIMIT = 4096;

    private final RunImporter importer;

    FileImports(RunImporter importer) {
        this.importer = importer;
    }

    FileOutcome importFile(MultipartFile file, RunMetadata metadata) {
        String name = file.getOriginalFilename() == null ? "(unnamed file)" : file.getOriginalFilename();
        try {
            byte[] content = file.getBytes();
            ImportOutcome outcome = importer.importRun(content, mediaTypeOf(content), metadata);
            return FileOutcome.stored(name, outcome.run().id(), outcome.created());
        } catch (Iperf3ReportedError error) {
            return FileOutcome.refused(name, "iperf3 reported an error: " + error.getMessage());
        } catch (Iperf3MeasuredNothing nothing) {
            return FileOutcome.refused(name, Iperf3MeasuredNothing.TITLE + ": " + nothing.getMessage());
        } catch (Iperf3FormatException | InvalidRunInputException | RunLabelConflictException invalid) {
            return FileOutcome.refused(name, invalid.getMessage());
        } catch (IOException unreadable) {
            return FileOutcome.refused(name, "The upload of this file broke off; please try again.");
        }
    }

    /** Browsers send .json files as application/json whatever they hold, so the content decides. */
    static String mediaTypeOf(byte[] content) {
        int end = 0;
        while (end < content.length && end < FIRST_LINE_LIMIT && content[end] != '\n') {
            end++;
        }
        String firstLine = new String(content, 0, end, StandardCharsets.UTF_8);
        return firstLine.contains("\"event\"") ? NDJSON : JSON;
    }
}
