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
            + "u.unreadable, u.readings, u.read_at, u.run_id, c.content FROM host_config_use u "
            + "LEFT JOIN host_config c ON c.id = u.config_id ";
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

    List<ConfigUse> ofRuns(Collection<Long> runIds) {
        List<ConfigUse> uses = new ArrayList<>();
        Map<String, HostConfig> parsed = new HashMap<>(); // a configuration shared by many runs is parsed once
        List<Long> ids = List.copyOf(runIds);
        for (int from = 0; from < ids.size(); from += BATCH) {
            List<Long> batch = ids.subList(from, Math.min(ids.size(), from + BATCH));
            uses.addAll(jdbc.sql(USE + "WHERE u.run_id IN (:ids)").param("ids", batch)
                    .query((rs, row) -> use(rs, parsed)).list());
        }
        return uses;
    }

    List<ConfigUse> ofJob(long jobId) {
        Map<String, HostConfig> parsed = new HashMap<>();
        return jdbc.sql(USE + "WHERE u.job_id = ? ORDER BY u.read_at, u.id").params(jobId)
                .query((rs, row) -> use(rs, parsed)).list();
    }

    /** The agent's latest reading that gave a configuration. */
    Optional<ConfigUse> latestOf(String agent) {
        return jdbc.sql(USE + "WHERE u.agent = ? AND u.config_id IS NOT NULL ORDER BY u.read_at DESC, u.id DESC")
                .params(agent).query((rs, row) -> use(rs, new HashMap<>())).stream().findFirst();
    }

    private Optional<Long> find(String hash) {
        return jdbc.sql("SELECT id FROM host_config WHERE content_hash = ?").params(hash).query(Long.class)
                .optional();
    }

    private static ConfigUse use(ResultSet rs, Map<String, HostConfig> parsed) throws SQLException {
        String content = rs.getString("content");
        Number configId = (Number) rs.getObject("config_id");
        Number runId = (Number) rs.getObject("run_id");
        return new ConfigUse(rs.getLong("job_id"), rs.getLong("scenario_id"), rs.getInt("attempt"),
                HostRole.valueOf(rs.getString("role")), rs.getString("agent"),
                configId == null ? null : configId.longValue(),
                content == null ? null : parsed.computeIfAbsent(content, HostConfigStore::parse),
                rs.getString("unreadable"), readings(rs.getString("readings")),
                rs.getTimestamp("read_at").toInstant(), runId == null ? null : runId.longValue());
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
