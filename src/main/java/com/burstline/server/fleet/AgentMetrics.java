package com.burstline.server.fleet;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.stereotype.Component;

/** {@code burstline_agents_online} and {@code burstline_agents_registered}, by the registry's own online rule. */
@Component
class AgentMetrics implements MeterBinder {
    private final AgentRegistry registry;

    AgentMetrics(AgentRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        Gauge.builder("burstline.agents.online", registry, agents -> agents.list().stream()
                        .filter(AgentView::online).count())
                .description("Agents whose last heartbeat is younger than three heartbeat periods").register(meters);
        Gauge.builder("burstline.agents.registered", registry, agents -> agents.list().size())
                .description("Agents that ever registered").register(meters);
    }
}
