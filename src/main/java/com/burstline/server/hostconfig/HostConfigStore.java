package com.burstline.server.hostconfig;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostConfig;
import com.burstline.contract.Json;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tables of V42__host_config.sql. A configuration is found by the SHA-256 of its canonical JSON (sorted facts,
 * so the same settings always give the same bytes) and inserted only when new; two scenarios racing to insert the
 * same one meet at the unique hash.
 */
@Repository
class HostConfigStore {
    private static final String USE = "SELECT u.job_id, u.scenario_id, u.attempt, u.role, u.agent, u.config_id, "
            + "u.unreadable, u.readings, u.read_at, u.run_id FROM host_config_use u ";
    private static final int BATCH = 500;

    private final JdbcClient jdbc;

    HostConfigStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Outside any transaction on purpose: each statement commits on its own, so a duplicate key (another scenario
     * stored the same configuration a moment ago) leaves nothing aborted, on PostgreSQL as on H2.
     */
    long idOf(HostConfig config, Instant now) {
        String content = Json.write(config.identity());
        String hash = sha256(content);
        Optional<Long> known = find(hash);
        if (known.isPresent()) {
            return known.get();
        }
        try {
            jdbc.sql("INSERT INTO host_config (content_hash, os, interface_name, content, first_seen_at) "
                    + "VALUES (?, ?, ?, ?, ?)").params(hash, config.os(), truncate(config.interfaceName(), 64),
                    content, Timestamp.from(now)).update();
        } catch (DuplicateKeyException raced) {
            // another scenario stored the same configuration a moment ago
        }
        return find(hash).orElseThrow();
    }

    /** One row per attempt and role: a dispatch that is tried again replaces what it read before. */
    @Transactional
    void recordUse(AttemptKey key, HostRole role, String agent, Long configId, String unreadable,
                          Map<String, Long> readings, Instant readAt) {
        jdbc.sql("DELETE FROM host_config_use WHERE job_id = ? AND scenario_id = ? AND attempt = ? AND role = ?")
                .params(key.jobId(), key.scenarioId(), key.attempt(), role.name()).update();
        jdbc.sql("INSERT INTO host_config_use (job_id, scenario_id, attempt, role, agent, config_id, unreadable, "
                        + "readings, read_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(key.jobId(), key.scenarioId(), key.attempt(), role.name(), agent, configId,
                        truncate(unreadable, 2000), readings.isEmpty() ? null : Json.write(readings),
                        Timestamp.from(readAt)).update();
    }

    void linkRun(AttemptKey key, long runId) {
        jdbc.sql("UPDATE host_config_use SET run_id = ? WHERE job_id = ? AND scenario_id = ? AND attempt = ?")
                .params(runId, key.jobId(), key.scenarioId(), key.attempt()).update();
    }

    /**
     * Each run's uses; a configuration many runs share is read and parsed once (a comparison of 5,000 runs reads a
     * handful of configurations, not 10,000 copies).
     */
    List<ConfigUse> ofRuns(Collection<Long> runIds) {
        List<Row> rows = new ArrayList<>();
        List<Long> ids = List.copyOf(runIds);
        for (int from = 0; from < ids.size(); from += BATCH) {
            List<Long> batch = ids.subList(from, Math.min(ids.size(), from + BATCH));
            rows.addAll(jdbc.sql(USE + "WHERE u.run_id IN (:ids)").param("ids", batch).query(HostConfigStore::row)
                    .list());
        }
        return withConfigs(rows);
    }

    List<ConfigUse> ofJob(long jobId) {
        return withConfigs(jdbc.sql(USE + "WHERE u.job_id = ? ORDER BY u.read_at, u.id").params(jobId)
                .query(HostConfigStore::row).list());
    }

    /** The agent's latest reading that gave a configuration. */
    Optional<ConfigUse> latestOf(String agent) {
        return latest("u.agent = ?", agent);
    }

    /** The agent's latest reading in {@code role} for job {@code jobId} that gave a configuration. */
    Optional<ConfigUse> latestOf(long jobId, HostRole role, String agent) {
        return latest("u.job_id = ? AND u.role = ? AND u.agent = ?", jobId, role.name(), agent);
    }

    /** The latest use matching {@code where} that gave a configuration; one row read. */
    private Optional<ConfigUse> latest(String where, Object... params) {
        return withConfigs(jdbc.sql(USE + "WHERE " + where + " AND u.config_id IS NOT NULL "
                + "ORDER BY u.read_at DESC, u.id DESC FETCH FIRST 1 ROWS ONLY").params(params)
                .query(HostConfigStore::row).list()).stream().findFirst();
    }

    /** A use as stored, its configuration still an id. */
    private record Row(long jobId, long scenarioId, int attempt, HostRole role, String agent, Long configId,
                       String unreadable, Map<String, Long> readings, Instant readAt, Long runId) {
    }

    private List<ConfigUse> withConfigs(List<Row> rows) {
        List<Long> ids = rows.stream().map(Row::configId).filter(java.util.Objects::nonNull).distinct().toList();
        Map<Long, HostConfig> configs = new HashMap<>();
        for (int from = 0; from < ids.size(); from += BATCH) {
            jdbc.sql("SELECT id, content FROM host_config WHERE id IN (:ids)")
                    .param("ids", ids.subList(from, Math.min(ids.size(), from + BATCH)))
                    .query((rs, n) -> configs.put(rs.getLong("id"), parse(rs.getString("content")))).list();
        }
        return rows.stream().map(r -> new ConfigUse(r.jobId(), r.scenarioId(), r.attempt(), r.role(), r.agent(),
                r.configId(), r.configId() == null ? null : configs.get(r.configId()), r.unreadable(), r.readings(),
                r.readAt(), r.runId())).toList();
    }

    private Optional<Long> find(String hash) {
        return jdbc.sql("SELECT id FROM host_config WHERE content_hash = ?").params(hash).query(Long.class)
                .optional();
    }

    private static Row row(ResultSet rs, int rowNumber) throws SQLException {
        Number configId = (Number) rs.getObject("config_id");
        Number runId = (Number) rs.getObject("run_id");
        return new Row(rs.getLong("job_id"), rs.getLong("scenario_id"), rs.getInt("attempt"),
                HostRole.valueOf(rs.getString("role")), rs.getString("agent"),
                configId == null ? null : configId.longValue(), rs.getString("unreadable"),
                readings(rs.getString("readings")), rs.getTimestamp("read_at").toInstant(),
                runId == null ? null : runId.longValue());
    }

    private static Map<String, Long> readings(String json) {
        if (json == null) {
            return Map.of();
        }
        Map<String, Long> readings = new HashMap<>();
        Json.parseObject(json).forEach((name, value) -> {
            if (value instanceof Number number) {
                readings.put(name, number.longValue());
            }
        });
        return readings;
    }

    private static HostConfig parse(String content) {
        return HostConfig.fromJson(Json.parseObject(content));
    }

    private static String truncate(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }

    static String sha256(String content) {
        try {
            return java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(content.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has SHA-256", e);
        }
    }
}
