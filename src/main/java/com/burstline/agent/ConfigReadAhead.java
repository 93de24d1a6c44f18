package com.burstline.agent;

import com.burstline.contract.HostConfig;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.LongSupplier;

/**
 * The server asks for both hosts' configuration before every scenario and waits for it; a reading is a handful of
 * processes (ethtool and tc, PowerShell on Windows), which made it the largest step between two scenarios. So each
 * host reads again as soon as a measurement on it ends, the interface it was last asked about, while the result
 * travels and the server stores it, and the next ask is answered with that reading.
 * <p>
 * What an answer describes stays what the server asks for: the host between its last measurement and the next,
 * with nothing of this agent's running. A reading made ahead is given only for the next scenario of the same job
 * (between jobs an operator may tune the host, and the next job must see it), while no measurement began or ended
 * since it started, and at most {@link HostConfig#MAX_AGE} old; its age goes with it. A reading under way is waited
 * for before another answer and before this host's traffic starts, so a reading never overlaps a measurement.
 */
final class ConfigReadAhead {
    private static final long THREAD_STACK_BYTES = 256 * 1024;

    private final HostConfigReader reader;
    private final LongSupplier nanoClock;
    /** The interface of the latest ask; guarded by this. */
    private String lastInterface;
    /** Measurements begun and ended on this host; guarded by this. */
    private long changes;
    /** The reading made ahead, or under way; guarded by this. */
    private Ahead ahead;

    private record Ahead(String interfaceName, long jobId, long changes, CompletableFuture<Made> reading) {
    }

    private record Made(HostConfig config, long finishedNanos) {
    }

    ConfigReadAhead(HostConfigReader reader, LongSupplier nanoClock) {
        this.reader = reader;
        this.nanoClock = nanoClock;
    }

    static ConfigReadAhead ofThisHost() {
        return new ConfigReadAhead(HostConfigReader.current(), System::nanoTime);
    }

    /** @param jobId the job whose scenario the reading is for; null when the server did not say */
    HostConfig read(String interfaceName, Long jobId) {
        settle();
        synchronized (this) {
            lastInterface = interfaceName;
            Made made = ahead == null || ahead.changes() != changes || jobId == null || ahead.jobId() != jobId
                    || !ahead.interfaceName().equals(interfaceName) ? null : ahead.reading().getNow(null);
            if (made != null) {
                long ageMillis = (nanoClock.getAsLong() - made.finishedNanos()) / 1_000_000;
                if (ageMillis <= HostConfig.MAX_AGE.toMillis()) {
                    return made.config().withAgeMillis(ageMillis);
                }
            }
        }
        return reader.read(interfaceName);
    }

    /** This host's traffic is about to start: a reading under way ends first, and none made before it is given. */
    void measurementStarting() {
        settle();
        synchronized (this) {
            changes++;
        }
    }

    /**
     * A measurement ended here: for a job's ({@code jobId}; null for a server role started outside any job), the
     * interface last asked about is read now, for the next ask.
     */
    void measurementEnded(Long jobId) {
        String interfaceName;
        CompletableFuture<Made> reading = new CompletableFuture<>();
        synchronized (this) {
            changes++;
            interfaceName = lastInterface;
            if (interfaceName == null || jobId == null) {
                return;
            }
            ahead = new Ahead(interfaceName, jobId, changes, reading);
        }
        Thread thread = new Thread(null, () -> {
            try {
                reading.complete(new Made(reader.read(interfaceName), nanoClock.getAsLong()));
            } catch (RuntimeException e) {
                reading.completeExceptionally(e);
            }
        }, "config-read-ahead", THREAD_STACK_BYTES);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Until the reading under way, if any, is done (a reading is bounded by {@link HostConfigReader#BUDGET}); one
     * that failed is as none.
     */
    void settle() {
        CompletableFuture<Made> reading;
        synchronized (this) {
            reading = ahead == null ? null : ahead.reading();
        }
        if (reading == null) {
            return;
        }
        try {
            reading.get();
        } catch (ExecutionException failed) {
            synchronized (this) {
                if (ahead != null && ahead.reading() == reading) {
                    ahead = null;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
