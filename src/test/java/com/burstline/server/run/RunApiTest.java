package com.burstline.server.run;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The runs API on the embedded default: H2 on disk in a fresh data dir. */
class RunApiTest extends RunApiBehaviour {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        commonProperties(registry);
    }
}
