package com.burstline.server.compare;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The comparison API on the embedded default: H2 on disk in a fresh data dir. */
class CompareApiTest extends CompareApiBehaviour {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        commonProperties(registry);
    }
}
