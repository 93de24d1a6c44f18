package com.burstline.agent;

import com.burstline.contract.HostConfig;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** When a reading made right after a measurement answers the next ask, and when the host is read afresh. */
class ConfigReadAheadTest {
    private static final long JOB = 7;
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    /** Every reading the host made, in order: its interface and a number that tells one reading from another. */
    private final List<String> reads = new ArrayList<>();

    private HostConfig reading(String interfaceName) {
        synchronized (reads) {
            reads.add(interfaceName);
            return new HostConfig(HostConfig.LINUX, interfaceName, Map.of("nic.mtu", "9001"), Map.of(),
                    Map.of("reading", (long) reads.size()), 3, 0);
        }
    }

    private ConfigReadAhead readAhead() {
        return new ConfigReadAhead(this::reading, nanos::get);
    }

    private void advanceMillis(long millis) {
        nanos.addAndGet(millis * 1_000_000);
    }

    private static long number(HostConfig config) {
        return config.readings().get("reading");
    }

    @Test
    void afterAMeasurementTheNextAskGetsTheReadingMadeAheadWithItsAge() throws Exception {
        ConfigReadAhead readings = readAhead();
        assertThat(number(readings.read("eth0", JOB))).isEqualTo(1);
        readings.measurementStarting();
        readings.measurementEnded(JOB);
        readings.settle();
        advanceMillis(250);

        HostConfig answer = readings.read("eth0", JOB);

        assertThat(number(answer)).isEqualTo(2);
        assertThat(answer.ageMillis()).isEqualTo(250);
        assertThat(reads).containsExactly("eth0", "eth0");
        assertThat(readings.read("eth0", JOB).ageMillis()).as("asked again, no measurement since").isEqualTo(250);
    }

    @Test
    void anotherJobOrAServerThatNamesNoJobGetsAFreshReading() {
        ConfigReadAhead readings = readAhead();
        readings.read("eth0", JOB);
        readings.measurementEnded(JOB);
        readings.settle();

        assertThat(readings.read("eth0", JOB + 1).ageMillis()).as("the next job").isZero();
        readings.measurementEnded(JOB);
        readings.settle();
        assertThat(readings.read("eth0", null).ageMillis()).as("no job named").isZero();
        assertThat(reads).hasSize(5);
    }

    @Test
    void aHostNeverAskedReadsNothingAhead() {
        ConfigReadAhead readings = readAhead();
        readings.measurementStarting();
        readings.measurementEnded(JOB);
        readings.settle();

        assertThat(reads).isEmpty();
        assertThat(readings.read("eth0", JOB).ageMillis()).isZero();
    }

    @Test
    void anotherInterfaceAStartedMeasurementOrAnOldReadingIsReadAfresh() {
        ConfigReadAhead readings = readAhead();
        readings.read("eth0", JOB);
        readings.measurementEnded(JOB);
        readings.settle();
        HostConfig other = readings.read("eth1", JOB);
        assertThat(other.interfaceName()).isEqualTo("eth1");
        assertThat(other.ageMillis()).isZero();

        readings.measurementEnded(JOB); // reads eth1 ahead, the last interface asked about
        readings.settle();
        readings.measurementStarting();
        assertThat(number(readings.read("eth1", JOB))).as("a measurement began after the reading").isEqualTo(5);

        readings.measurementEnded(JOB);
        readings.settle();
        advanceMillis(HostConfig.MAX_AGE.toMillis() + 1);
        HostConfig late = readings.read("eth1", JOB);
        assertThat(number(late)).as("older than the bound").isEqualTo(7);
        assertThat(late.ageMillis()).isZero();
        assertThat(reads).containsExactly("eth0", "eth0", "eth1", "eth1", "eth1", "eth1", "eth1");
    }

    @Test
    void anAskWhileTheReadingIsUnderWayWaitsForItRatherThanReadingBeside() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> started = new ArrayList<>();
        ConfigReadAhead readings = new ConfigReadAhead(nic -> {
            synchronized (started) {
                started.add(nic);
                if (started.size() == 2) {
                    inside.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            return reading(nic);
        }, nanos::get);
        readings.read("eth0", JOB);
        readings.measurementEnded(JOB);
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<HostConfig> ask = new CompletableFuture<>();
        Thread asker = new Thread(() -> ask.complete(readings.read("eth0", JOB)));
        asker.start();
        while (asker.getState() != Thread.State.WAITING && !ask.isDone()) {
            Thread.sleep(1); // until the ask waits for the reading under way (or, wrongly, has answered)
        }
        release.countDown();

        assertThat(number(ask.get(10, TimeUnit.SECONDS))).isEqualTo(2);
        assertThat(started).containsExactly("eth0", "eth0");
    }

    @Test
    void aReadingThatFailedIsAsNone() {
        List<String> asked = new ArrayList<>();
        ConfigReadAhead readings = new ConfigReadAhead(nic -> {
            asked.add(nic);
            if (asked.size() == 2) {
                throw new IllegalStateException("the reading broke");
            }
            return reading(nic);
        }, nanos::get);
        readings.read("eth0", JOB);
        readings.measurementEnded(JOB);
        readings.settle();

        HostConfig answer = readings.read("eth0", JOB);

        assertThat(answer.ageMillis()).isZero();
        assertThat(asked).hasSize(3);
    }
}
