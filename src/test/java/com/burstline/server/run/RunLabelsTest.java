package com.burstline.server.run;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Fixing labels on the embedded default: H2 on disk in a fresh data dir. */
class RunLabelsTest extends RunLabelsBehaviour {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        commonProperties(registry);
    }
}
