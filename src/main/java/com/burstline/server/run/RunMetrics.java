package com.burstline.server.run;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.persistence.EntityManager;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code burstline_last_received_bits_per_second{sut, peer, scenario}}: the received throughput of the newest run to
 * arrive per pair and scenario. An import sets its own series (cheap, it is the newest by definition); startup and a
 * delete read every series' newest run again, because a delete may take the newest away.
 */
@Component
class RunMetrics {
    static final String LAST_RECEIVED = "burstline.last.received.bits.per.second";

    private record Series(String sut, String peer, String scenario) {
    }

    private final MeterRegistry meters;
    private final EntityManager entityManager;
    private final Map<Series, AtomicLong> values = new ConcurrentHashMap<>();
    private final Map<Series, Meter.Id> gauges = new ConcurrentHashMap<>();

    RunMetrics(MeterRegistry meters, EntityManager entityManager) {
        this.meters = meters;
        this.entityManager = entityManager;
    }

    void arrived(RunSummary run) {
        if (run.receivedBitsPerSecond() == null) {
            return; // its output holds no received rate: the series keeps its last known value
        }
        set(seriesOf(run.sut(), run.peer(), run.scenario() + " " + run.direction()), run.receivedBitsPerSecond());
    }

    @EventListener(ApplicationReadyEvent.class)
    @Transactional(readOnly = true)
    public void reload() {
        List<Run> newest = entityManager.createQuery("select r from Run r where r.id in (select max(s.id) from Run s "
                + "group by s.sut, s.peer, s.protocol, s.direction, s.streams, s.targetBitsPerSecond)", Run.class)
                .getResultList();
        Map<Series, Double> found = new HashMap<>();
        for (Run run : newest) {
            RunSummary summary = run.toSummary();
            if (summary.receivedBitsPerSecond() == null) {
                continue;
            }
            found.put(seriesOf(summary.sut(), summary.peer(), summary.scenario() + " " + summary.direction()),
                    summary.receivedBitsPerSecond());
        }
        gauges.keySet().stream().filter(series -> !found.containsKey(series)).toList().forEach(series -> {
            meters.remove(gauges.remove(series));
            values.remove(series);
        });
        found.forEach(this::set);
    }

    private void set(Series series, double bitsPerSecond) {
        // The gauge reads the bits of a double from an AtomicLong, so an import's value is seen by the next scrape.
        AtomicLong holder = values.computeIfAbsent(series, key -> new AtomicLong());
        holder.set(Double.doubleToLongBits(bitsPerSecond));
        gauges.computeIfAbsent(series, key -> Gauge.builder(LAST_RECEIVED, holder,
                        h -> Double.longBitsToDouble(h.get()))
                .description("Received throughput of the newest run per pair and scenario")
                .tags("sut", key.sut(), "peer", key.peer(), "scenario", key.scenario()).register(meters).getId());
    }

    private static Series seriesOf(String sut, String peer, String scenario) {
        return new Series(sut == null ? "" : sut, peer == null ? "" : peer, scenario);
    }
}
