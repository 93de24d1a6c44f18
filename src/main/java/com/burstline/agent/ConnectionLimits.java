package com.burstline.agent;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds on the agent's HTTP connections, so that slow or stuck clients cannot freeze it. The JDK server reads a
 * request's headers on an executor thread, blocking, so a slow client holds a thread: every connection may have one
 * (up to {@link #MAX_CONNECTIONS}, beyond which the JDK closes new connections at once), and the JDK's own timers cut
 * a connection whose headers take longer than {@link #HEADER_SECONDS} (from accept, so connections that never send
 * a byte too) or whose body, handling and answer take longer than {@link #EXCHANGE_SECONDS}. Checked on JDK 17.0.15:
 * {@code maxReqTime} ends when the headers are read, {@code maxRspTime} runs from there to the end of the answer.
 * On the HTTPS listener the TLS handshake is read by the same thread as the first headers, inside that first limit,
 * so it is the handshake timeout too: a ClientHello trickling in, or a client that never finishes the handshake,
 * is cut after {@link #HEADER_SECONDS} like slow headers (AgentSlowClientsIT).
 */
final class ConnectionLimits {
    static final int MAX_CONNECTIONS = 1000;
    static final int MAX_BODY_BYTES = 64 * 1024;
    static final long HEADER_SECONDS = 10;
    /** Starting the iperf3 server role waits up to 10 s for it to listen; a body of 64 KiB needs far less. */
    static final long EXCHANGE_SECONDS = 30;
    private static final long THREAD_STACK_BYTES = 256 * 1024;

    /** Read once by the JDK, when the first server of this JVM is made; a {@code -D} given on the command line wins. */
    private static final Map<String, String> JDK_SERVER_PROPERTIES = Map.of(
            "jdk.httpserver.maxConnections", String.valueOf(MAX_CONNECTIONS),
            "sun.net.httpserver.maxReqTime", String.valueOf(HEADER_SECONDS),
            "sun.net.httpserver.maxRspTime", String.valueOf(EXCHANGE_SECONDS),
            "sun.net.httpserver.idleInterval", "30",
            "sun.net.httpserver.maxIdleConnections", "16",
            "sun.net.httpserver.maxReqHeaders", "64",
            "sun.net.httpserver.maxReqHeaderSize", String.valueOf(16 * 1024));

    private ConnectionLimits() {
    }

    static void applyToJdkServer() {
        JDK_SERVER_PROPERTIES.forEach((name, value) -> {
            if (System.getProperty(name) == null) {
                System.setProperty(name, value);
            }
        });
    }

    /**
     * A thread per connection up to the cap, none kept for long when idle, and no queue: a request never waits behind
     * slow ones. Past the cap the JDK closes the connection it could not hand over.
     */
    static ExecutorService executor() {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory threads = runnable -> {
            Thread thread = new Thread(null, runnable, "agent-http-" + count.incrementAndGet(), THREAD_STACK_BYTES);
            thread.setDaemon(true);
            return thread;
        };
        return new ThreadPoolExecutor(2, MAX_CONNECTIONS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), threads,
                new ThreadPoolExecutor.AbortPolicy());
    }
}
