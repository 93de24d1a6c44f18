package com.burstline.agent;

import com.burstline.contract.LatencyProbeSpec;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.LatencySample;
import com.burstline.contract.ScenarioSpec;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The SUT's side of the loaded-latency probe, threads of the agent beside the bulk tool (iperf3 or the engine alike):
 * requests on the schedule's grid over a flow of their own to the peer's probe port, from the start of the idle
 * window until the bulk tool ends, and a thread that takes the answers. Each interval goes to the listener once it is
 * final; {@link #finish} waits for the last answers (at most the loss timeout) and answers the whole report.
 */
final class LatencyProbeClient {
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final LatencyProbeSpec probe;
    private final DatagramChannel channel;
    private final LatencyProbeTally tally;
    private final LatencyProbeSchedule schedule;
    private final LatencyListener listener;
    private final long origin;
    private final List<LatencySample> samples = new ArrayList<>();
    private final Thread sender = new Thread(this::send, "latency-probe-send");
    private final Thread receiver = new Thread(this::receive, "latency-probe-receive");
    private volatile boolean sending = true;

    private LatencyProbeClient(ScenarioSpec spec, DatagramChannel channel, LatencyListener listener) {
        this.probe = spec.latencyProbe();
        this.channel = channel;
        this.listener = listener;
        long start = System.nanoTime();
        this.origin = start + TimeUnit.SECONDS.toNanos(probe.idleSeconds());
        this.schedule = new LatencyProbeSchedule(start, probe.ratePerSecond());
        this.tally = new LatencyProbeTally(probe, new LatencyProbeTimeline(probe.idleSeconds(),
                spec.scenario().intervalSeconds(), spec.scenario().omitSeconds()), origin);
        sender.setDaemon(true);
        receiver.setDaemon(true);
    }

    /** Starts the idle window now. */
    static LatencyProbeClient start(ScenarioSpec spec, LatencyListener listener) throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        try {
            channel.connect(new InetSocketAddress(spec.peerHost(), spec.latencyProbe().port()));
        } catch (IOException | RuntimeException unreachable) {
            channel.close();
            throw unreachable;
        }
        LatencyProbeClient client = new LatencyProbeClient(spec, channel, listener);
        client.receiver.start();
        client.sender.start();
        return client;
    }

    /** Waits out the idle window; a cancel ends the wait at once. */
    void awaitIdleEnd(Cancellation cancellation) throws InterruptedException {
        CountDownLatch cancelled = new CountDownLatch(1);
        cancellation.attach(cancelled::countDown);
        cancelled.await(Math.max(0, origin - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** The bulk tool has ended: no more requests; the last answers get their time, then the whole report. */
    LatencyReport finish() throws InterruptedException {
        long ended = System.nanoTime();
        tally.endAt(ended);
        sending = false;
        LockSupport.unpark(sender); // not interrupt(): that would close the channel the last answers come on
        sender.join();
        while (tally.awaiting(System.nanoTime())) {
            TimeUnit.NANOSECONDS.sleep(TICK_NANOS);
        }
        close();
        receiver.join();
        publish(tally.due(System.nanoTime(), true));
        synchronized (samples) {
            return new LatencyReport(tally.summary(), samples);
        }
    }

    private void send() {
        ByteBuffer request = ByteBuffer.allocateDirect(LatencyProbeDatagram.BYTES);
        long slot = -1;
        while (sending) {
            slot = schedule.next(slot, System.nanoTime());
            long due = schedule.timeOf(slot);
            for (long wait = due - System.nanoTime(); sending && wait > 0; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            if (!sending) {
                return;
            }
            long now = System.nanoTime();
            LatencyProbeDatagram.request(request, probe.session(), slot, now);
            tally.sent(slot, now);
            write(request);
            publish(tally.due(now, false));
        }
    }

    private void write(ByteBuffer request) {
        try {
            channel.write(request);
        } catch (PortUnreachableException notYet) {
            // the peer refused an earlier one (its probe port not open): this request counts lost, the next tries
        } catch (IOException closed) {
            sending = false;
        }
    }

    private void receive() {
        ByteBuffer answer = ByteBuffer.allocateDirect(LatencyProbeDatagram.BYTES + 1);
        while (true) {
            try {
                answer.clear();
                channel.read(answer);
                long now = System.nanoTime();
                if (LatencyProbeDatagram.is(answer, LatencyProbeDatagram.ANSWER, probe.session())) {
                    tally.answered(LatencyProbeDatagram.sequence(answer), LatencyProbeDatagram.peerReceived(answer),
                            LatencyProbeDatagram.peerSent(answer), now);
                }
            } catch (PortUnreachableException refused) {
                // an ICMP error for an earlier request: that one is lost, the flow goes on
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void publish(List<LatencySample> due) {
        for (LatencySample sample : due) {
            synchronized (samples) {
                if (samples.size() < LatencyReport.MAX_SAMPLES) {
                    samples.add(sample);
                }
            }
            listener.interval(sample, tally.summary());
        }
    }

    /** Stops the probe at once, whatever it was doing (the agent stops). */
    void close() {
        sending = false;
        LockSupport.unpark(sender);
        try {
            channel.close();
        } catch (IOException ignored) {
            // closed either way
        }
    }
}
