package com.burstline.server.run;

import com.burstline.contract.Scenario;
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
        Double received = run.measurement().figures().receivedBitsPerSecond();
        if (received == null) {
            return; // its output holds no received rate: the series keeps its last known value
        }
        set(seriesOf(run.labels(), run.measurement().scenario()), received);
    }

    @EventListener(ApplicationReadyEvent.class)
    @Transactional(readOnly = true)
    public void reload() {
        List<Run> newest = entityManager.createQuery("select r from Run r where r.id in (select max(s.id) from Run s "
                + "group by s.sut, s.peer, s.scenario.protocol, s.scenario.direction, s.scenario.streams, "
                + "s.scenario.targetBitsPerSecond)", Run.class)
                .getResultList();
        Map<Series, Double> found = new HashMap<>();
        for (Run run : newest) {
            RunSummary summary = run.toSummary(null); // the received rate is all it needs
            Double received = summary.measurement().figures().receivedBitsPerSecond();
            if (received != null) {
                found.put(seriesOf(summary.labels(), summary.measurement().scenario()), received);
            }
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

    private static Series seriesOf(Labels labels, Scenario scenario) {
        return new Series(labels.sut() == null ? "" : labels.sut(), labels.peer() == null ? "" : labels.peer(),
                scenario.name());
    }
}
