package com.burstline.server.job;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.springframework.stereotype.Component;

import java.util.Locale;
import java.util.function.Function;

/**
 * {@code burstline_jobs{state}} (jobs in each state now) and {@code burstline_scenarios_run_total{outcome}} (scenarios
 * that ended, by how), read from the database at each scrape, so they count what the server stored (restarts
 * included) rather than what this process happened to see.
 */
@Component
class JobMetrics implements MeterBinder {
    private final EntityManagerFactory entityManagers;

    JobMetrics(EntityManagerFactory entityManagers) {
        this.entityManagers = entityManagers;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (JobStatus status : JobStatus.values()) {
            Gauge.builder("burstline.jobs", this, metrics -> metrics.count(
                            "select count(j) from Job j where j.status = :status", status))
                    .description("Jobs in each state").tag("state", name(status)).register(registry);
        }
        for (ScenarioStatus status : ScenarioStatus.values()) {
            if (status.finished()) {
                FunctionCounter.builder("burstline.scenarios.run", this, metrics -> metrics.count(
                                "select count(s) from JobScenario s where s.status = :status", status))
                        .description("Scenarios that ended, by outcome").tag("outcome", name(status))
                        .register(registry);
            }
        }
    }

    private double count(String query, Enum<?> status) {
        return inEntityManager(em -> em.createQuery(query, Long.class).setParameter("status", status)
                .getSingleResult()).doubleValue();
    }

    private <T> T inEntityManager(Function<EntityManager, T> work) {
        try (EntityManager em = entityManagers.createEntityManager()) {
            return work.apply(em);
        }
    }

    private static String name(Enum<?> status) {
        return status.name().toLowerCase(Locale.ROOT);
    }
}
