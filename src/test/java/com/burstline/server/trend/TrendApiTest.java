package com.burstline.server.trend;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The trend API on the embedded default: H2 on disk in a fresh data dir. */
class TrendApiTest extends TrendApiBehaviour {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        commonProperties(registry);
    }
}
