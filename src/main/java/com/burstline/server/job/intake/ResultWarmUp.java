package com.burstline.server.job.intake;

import com.burstline.contract.Json;
import com.burstline.contract.ScenarioResult;
import com.burstline.server.run.RunImporter;
import com.burstline.server.run.RunMetadata;
import com.burstline.server.system.WarmUp;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A real iperf3 result read as an agent's result is read ({@code warm-up/iperf3-312-tcp-4-upload.json}, its README
 * says where it came from): the request body's JSON by the web layer's mapper, then the import's checks, parser and
 * figures, storing nothing. A fresh server's first result took several times a warm one's on the job's path.
 */
@Component
class ResultWarmUp implements WarmUp {
    static final String SAMPLE = "warm-up/iperf3-312-tcp-4-upload.json";

    private final RunImporter importer;
    private final JsonMapper json;

    ResultWarmUp(RunImporter importer, ObjectProvider<JsonMapper> json) {
        this.importer = importer;
        this.json = json.getIfAvailable(() -> JsonMapper.builder().build());
    }

    @Override
    public String name() {
        return "result intake";
    }

    @Override
    public void warmUp() throws IOException {
        String output = new ClassPathResource(SAMPLE).getContentAsString(StandardCharsets.UTF_8);
        ScenarioResult sent = new ScenarioResult(1L, 1L, 1, true, null, output, ScenarioResult.JSON, "",
                List.of("iperf3", "-c", "192.0.2.1", "-P", "4", "-J"), 0, Map.of(), Map.of(), "warm-up");
        ScenarioResult read = json.readValue(Json.write(sent.toJson()), ScenarioResult.class);
        read.key();
        read.hostFacts();
        importer.readWithoutStoring(read.output().getBytes(StandardCharsets.UTF_8), "application/json",
                new RunMetadata("warm-up-sut", "warm-up-peer", null, null, List.of(), null, null));
    }
}
