package com.burstline.server.analysis;

import com.burstline.server.run.ApiClient;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.nio.file.Path;

/**
 * What the lab ITs of analysis share: the shared test server, an API client for it, a directory for iperf3's output
 * files, and the lab's two namespaces over a shaped veth ({@link LabNetwork}) up for the class and down after it.
 */
@BurstlineTest
abstract class LabServerTest {
    @TempDir
    static Path outputDir;

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
