package com.burstline.server.run;

import com.burstline.contract.HostDrops;
import com.burstline.contract.Json;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps what each host of a job's run counted of its own receive drops ({@link HostDrops}), one row per run and role;
 * by JDBC, because a row is written once (again only to replace it) and read back with its run. The SUT's arrive with
 * its result, the peer's right after, from its server role; when a host's counts cannot be had, its row keeps why.
 */
@Service
public class HostDropsStore {
    private static final int MAX_REASON = 1000;

    private final NamedParameterJdbcTemplate jdbc;

    HostDropsStore(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** @param role {@link ReceiverDrops#SUT} or {@link ReceiverDrops#PEER}; @param agent the host's agent */
    @Transactional
    public void counted(long runId, String role, String agent, HostDrops drops) {
        save(runId, role, agent, Json.write(drops.toJson()), null);
    }

    /** The host's counts could not be had: why, in words. */
    @Transactional
    public void notCounted(long runId, String role, String agent, String reason) {
        save(runId, role, agent, null, reason.length() > MAX_REASON ? reason.substring(0, MAX_REASON) : reason);
    }

    private void save(long runId, String role, String agent, String drops, String reason) {
        MapSqlParameterSource row = new MapSqlParameterSource("run", runId).addValue("role", role)
                .addValue("agent", agent).addValue("drops", drops).addValue("reason", reason);
        jdbc.update("DELETE FROM run_host_drops WHERE run_id = :run AND role = :role", row);
        jdbc.update("INSERT INTO run_host_drops (run_id, role, agent, drops, reason) "
                + "VALUES (:run, :role, :agent, :drops, :reason)", row);
    }

    /** Each run's rows by role; runs without any are absent. */
    Map<Long, Map<String, ReceiverDrops>> find(Collection<Long> runIds) {
        Map<Long, Map<String, ReceiverDrops>> found = new HashMap<>();
        if (runIds.isEmpty()) {
            return found;
        }
        jdbc.query("SELECT run_id, role, agent, drops, reason FROM run_host_drops WHERE run_id IN (:runs)",
                new MapSqlParameterSource("runs", List.copyOf(runIds)), row -> {
                    String role = row.getString("role");
                    String drops = row.getString("drops");
                    ReceiverDrops read = drops == null
                            ? ReceiverDrops.unknown(row.getString("agent"), role, row.getString("reason"))
                            : ReceiverDrops.counted(row.getString("agent"), role, HostDrops.fromJson(
                                    Json.parseObject(drops.getBytes(StandardCharsets.UTF_8))));
                    found.computeIfAbsent(row.getLong("run_id"), id -> new HashMap<>()).put(role, read);
                });
        return found;
    }
}
