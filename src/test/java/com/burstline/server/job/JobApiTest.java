package com.burstline.server.job;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Agents and jobs on the embedded default: H2 on disk in a fresh data dir. */
class JobApiTest extends JobApiBehaviour {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        commonProperties(registry);
    }
}
