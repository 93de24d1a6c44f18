package com.burstline.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * UDP_RR's flows: each a connected datagram socket that sends a request (the test's cookie, a sequence number,
 * padding to the message size) and blocks until its answer comes back. Blocking reads keep the round trip at one
 * system call each way; the timeout is a watchdog's instead, which closes the socket of a flow whose answer is
 * {@link #TIMEOUT_MILLIS} late: that transaction counts lost, the flow opens a new socket and goes on, and a late
 * answer meets a closed port. So a peer that stops answering costs each flow one lost transaction a timeout, and
 * nothing waits past the test's end.
 */
final class UdpTransactions implements TransactionFlows {
    static final int TIMEOUT_MILLIS = 200;
    private static final long TIMEOUT = TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS);

    private final InetSocketAddress server;
    private final long cookie;
    private final int messageBytes;
    private final LatencyRecorder recorder;
    private final List<Flow> flows = new ArrayList<>();
    private final Thread watchdog = new Thread(this::watch, "rr-udp-watchdog");
    private volatile boolean stopping;

    UdpTransactions(InetSocketAddress server, long cookie, int messageBytes, int count, LatencyRecorder recorder) {
        this.server = server;
        this.cookie = cookie;
        this.messageBytes = messageBytes;
        this.recorder = recorder;
        for (int i = 0; i < count; i++) {
            flows.add(new Flow(i));
        }
        watchdog.setDaemon(true);
    }

    @Override
    public void start() {
        flows.forEach(flow -> flow.thread.start());
        watchdog.start();
    }

    @Override
    public void stop() throws InterruptedException {
        stopping = true;
        watchdog.interrupt();
        for (Flow flow : flows) {
            flow.close();
        }
        for (Flow flow : flows) {
            flow.thread.join();
        }
        watchdog.join();
    }

    @Override
    public Double timeoutMs() {
        return (double) TIMEOUT_MILLIS;
    }

    /** Closes the socket of each flow whose answer is late; sleeps until the earliest deadline otherwise. */
    private void watch() {
        while (!stopping) {
            long now = System.nanoTime();
            long next = now + TIMEOUT;
            for (Flow flow : flows) {
                DatagramChannel channel = flow.channel;
                long deadline = flow.deadline.get();
                if (deadline != 0 && now - deadline >= 0) {
                    if (flow.deadline.compareAndSet(deadline, 0)) {
                        closeQuietly(channel);
                    }
                } else if (deadline != 0 && deadline - next < 0) {
                    next = deadline;
                }
            }
            try {
                TimeUnit.NANOSECONDS.sleep(Math.max(TimeUnit.MILLISECONDS.toNanos(1), next - System.nanoTime()));
            } catch (InterruptedException stopped) {
                return;
            }
        }
    }

    private static void closeQuietly(DatagramChannel channel) {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // closed either way
        }
    }

    private final class Flow {
        final Thread thread;
        final AtomicLong deadline = new AtomicLong();
        volatile DatagramChannel channel;

        Flow(int index) {
            thread = new Thread(this::run, "rr-udp-" + index);
            thread.setDaemon(true);
        }

        void close() {
            closeQuietly(channel);
        }

        private void run() {
            ByteBuffer request = ByteBuffer.allocateDirect(messageBytes);
            ByteBuffer answer = ByteBuffer.allocateDirect(65_536);
            long seq = 0;
            while (!stopping) {
                try (DatagramChannel open = DatagramChannel.open()) {
                    open.connect(server);
                    channel = open;
                    if (stopping) {
                        return;
                    }
                    seq = exchange(open, request, answer, seq);
                } catch (IOException | RuntimeException closedOrRefused) {
                    if (!stopping) {
                        recorder.lost();
                        deadline.set(0);
                    }
                }
            }
        }

        /** Transactions on one socket until it is closed (a timeout, or the end); answers the next sequence number. */
        private long exchange(DatagramChannel open, ByteBuffer request, ByteBuffer answer, long seq) throws IOException {
            while (!stopping) {
                seq++;
                request.clear();
                request.putLong(cookie).putLong(seq);
                request.position(0).limit(messageBytes);
                long sent = System.nanoTime();
                deadline.set(sent + TIMEOUT);
                try {
                    open.write(request);
                    awaitAnswer(open, answer, seq);
                } catch (PortUnreachableException nobodyListens) {
                    // the peer's host refused it: lost, and the next waits out this one's timeout, not a flood
                    sleepUntil(sent + TIMEOUT);
                    throw nobodyListens;
                }
                long now = System.nanoTime();
                if (deadline.getAndSet(0) == 0) {
                    throw new ClosedChannelException(); // the watchdog was first: late, so lost
                }
                recorder.record(now - sent);
            }
            return seq;
        }

        private void awaitAnswer(DatagramChannel open, ByteBuffer answer, long seq) throws IOException {
            while (true) {
                answer.clear();
                open.read(answer);
                if (answer.position() >= 16 && answer.getLong(0) == cookie && answer.getLong(8) == seq) {
                    return;
                }
            }
        }

        private void sleepUntil(long when) {
            long left = when - System.nanoTime();
            if (left > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
