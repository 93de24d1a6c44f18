package com.burstline.contract;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BuildVersionTest {
    @Test
    void theBuildWritesThePomsVersionIn() {
        // unfiltered, the file says @project.version@; missing, "unknown": either would reach every engine report
        assertThat(BuildVersion.get()).matches("\\d+\\.\\d+\\.\\d+([-.][A-Za-z0-9.]+)?");
    }
}
