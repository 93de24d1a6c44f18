package com.burstline.server.analysis;

import com.burstline.server.run.ApiClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.nio.file.Path;

/**
 * What the lab ITs of analysis share: the real server on a fresh data dir, an API client for it, and the lab's two
 * namespaces over a shaped veth ({@link LabNetwork}) up for the class and down after it. Each class gets its own
 * server: the subclasses share this configuration, so Spring would otherwise hand the second one the first one's
 * server, whose data dir went with the first class.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
abstract class LabServerTest {
    @TempDir
    static Path dataDir;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> ApiClient.TOKEN);
    }

    @LocalServerPort
    int port;
    ApiClient api;

    @BeforeAll
    static void lab() {
        LabNetwork.up();
    }

    @AfterAll
    static void teardown() {
        LabNetwork.down();
    }

    @BeforeEach
    void client() {
        api = new ApiClient(port);
    }
}
