package com.burstline.server.cluster;

import jakarta.annotation.PreDestroy;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;

/**
 * What one server tells the others sharing its PostgreSQL database: "job 12 changed", "job 12 has new live samples"
 * (or latency samples), "a job was queued". Each is a {@code NOTIFY} on one channel, sent in the caller's transaction (PostgreSQL delivers
 * it at the commit, and never for a change rolled back); a thread of each server LISTENs on its own connection and
 * hands what others sent to the handlers of that topic. Its own notifications come back to it and are skipped: the
 * server has already acted on its own changes. On H2, which only one server opens, nothing is sent.
 */
@Component
public class ClusterNotifications {
    static final String CHANNEL = "burstline";
    private static final Logger log = LoggerFactory.getLogger(ClusterNotifications.class);
    private static final int WAIT_MILLIS = 500;

    /** What a notification is about; each carries a job id. */
    public enum Topic { JOB_CHANGED, SAMPLES, LATENCY, QUEUED }

    private final DataSource dataSource;
    private final JdbcTemplate jdbc;
    private final String boot;
    private final boolean postgres;
    private final Map<Topic, List<LongConsumer>> handlers = new ConcurrentHashMap<>();
    private volatile boolean running = true;
    private volatile Thread listener;

    ClusterNotifications(DataSource dataSource, JdbcTemplate jdbc, ServerIdentity identity) {
        this.dataSource = dataSource;
        this.jdbc = jdbc;
        this.boot = identity.boot();
        this.postgres = isPostgres(dataSource);
    }

    /** Whether other servers may share this database (PostgreSQL) or not (the embedded H2). */
    public boolean shared() {
        return postgres;
    }

    public void on(Topic topic, LongConsumer handler) {
        handlers.computeIfAbsent(topic, t -> new CopyOnWriteArrayList<>()).add(handler);
    }

    /** Inside a transaction, sent when it commits; outside one, at once. */
    public void send(Topic topic, long jobId) {
        if (postgres) {
            jdbc.queryForList("SELECT pg_notify(?, ?)", CHANNEL, topic.name() + " " + jobId + " " + boot);
        }
    }

    @EventListener(ApplicationReadyEvent.class)
    void listen() {
        if (!postgres || listener != null) {
            return;
        }
        listener = new Thread(this::loop, "cluster-listener");
        listener.setDaemon(true);
        listener.start();
    }

    private void loop() {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("LISTEN " + CHANNEL);
                }
                PGConnection pg = connection.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] received = pg.getNotifications(WAIT_MILLIS);
                    if (received != null) {
                        for (PGNotification notification : received) {
                            deliver(notification.getParameter());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (running) {
                    // A lost connection (the database restarted): listen again on a new one; meanwhile pages and
                    // runners fall back on their own periodic reads.
                    log.warn("Listening for other servers' notifications failed ({}); trying again", e.getMessage());
                    sleep();
                }
            }
        }
    }

    void deliver(String payload) {
        String[] parts = payload.split(" ");
        if (parts.length != 3 || parts[2].equals(boot)) {
            return;
        }
        Topic topic;
        long jobId;
        try {
            topic = Topic.valueOf(parts[0]);
            jobId = Long.parseLong(parts[1]);
        } catch (IllegalArgumentException unknown) {
            return; // a newer server's topic: nothing here to do with it
        }
        for (LongConsumer handler : handlers.getOrDefault(topic, List.of())) {
            try {
                handler.accept(jobId);
            } catch (RuntimeException e) {
                log.warn("Handling {} of job {} failed", topic, jobId, e);
            }
        }
    }

    private static boolean isPostgres(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            return connection.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT)
                    .contains("postgres");
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot tell which database this is", e);
        }
    }

    private void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @PreDestroy
    void stop() {
        running = false;
        Thread thread = listener;
        if (thread != null) {
            thread.interrupt();
        }
    }
}
