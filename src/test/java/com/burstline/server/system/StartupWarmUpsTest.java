package com.burstline.server.system;

import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@BurstlineTest
class StartupWarmUpsTest {
    private static final List<String> TABLES = List.of("run", "run_raw", "run_interval", "run_tag", "run_note",
            "run_series_figures", "host_config", "host_config_use", "job");

    @Autowired
    StartupWarmUps startup;
    @Autowired
    List<WarmUp> warmUps;
    @Autowired
    JdbcClient jdbc;

    @Test
    void theServersStartWarmsTheResultIntakeAndTheCallsToAgentsWithoutAFailure() throws Exception {
        assertThat(startup.finished().get(120, TimeUnit.SECONDS)).isEmpty();
        assertThat(warmUps).extracting(WarmUp::name).contains("result intake", "calls to agents");
    }

    @Test
    void aWarmUpStoresNothing() throws Exception {
        startup.finished().get(120, TimeUnit.SECONDS);
        for (WarmUp warmUp : warmUps) {
            warmUp.warmUp();
        }

        for (String table : TABLES) {
            assertThat(jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single()).as(table).isZero();
        }
    }
}
