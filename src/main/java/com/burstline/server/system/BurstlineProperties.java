package com.burstline.server.system;

import com.burstline.contract.ServerRoleRequest;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.util.unit.DataSize;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Burstline's own settings ({@code burstline.*}, or {@code BURSTLINE_*} environment variables).
 *
 * @param dataDir        where the embedded database and generated tokens live
 * @param apiToken       the bearer token for API writes; generated and kept in the data dir when not set
 * @param maxUploadSize  the largest iperf3 output accepted in one upload
 * @param agentToken     the bearer token agents and the server use with each other; generated like the API token
 * @param agents         how agents are watched
 * @param jobs           how jobs are dispatched to agents
 * @param http           limits on what one request and one client may take of the server
 * @param storage        how much of the embedded database's disk stays free
 * @param environmentNote where the agents run and what that means for the figures, in words, shown on the Agents and
 *                        jobs pages (e.g. "Agents run on loopback: no shaping"); null or blank for no notice
 * @param publicUrl      the address people reach the server at (e.g. https://burstline.example.org), for links in
 *                        downloaded reports; null for relative links. Never taken from a request's Host header, which
 *                        the client chooses
 */
@ConfigurationProperties("burstline")
public record BurstlineProperties(Path dataDir, String apiToken, DataSize maxUploadSize, String agentToken,
                                  Agents agents, Jobs jobs, Http http, Storage storage,
                                  String environmentNote, String publicUrl) {
    @ConstructorBinding
    public BurstlineProperties {
        dataDir = dataDir == null ? Path.of("data") : dataDir;
        maxUploadSize = maxUploadSize == null ? DataSize.ofMegabytes(16) : maxUploadSize;
        agents = agents == null ? new Agents(null) : agents;
        jobs = jobs == null ? new Jobs(null, null, null, null) : jobs;
        storage = storage == null ? new Storage(null) : storage;
        http = http == null ? new Http(null, null, null, null) : http;
        environmentNote = environmentNote == null || environmentNote.isBlank() ? null : environmentNote.strip();
        publicUrl = publicUrl == null || publicUrl.isBlank() ? null : publicUrl.strip().replaceAll("/+$", "");
        if (publicUrl != null && !PUBLIC_URL.matcher(publicUrl).matches()) {
            throw new IllegalArgumentException("burstline.public-url must be an http or https address such as "
                    + "https://burstline.example.org or http://10.0.0.5:8080/burstline, not '" + publicUrl + "'");
        }
    }

    /** Plain enough to sit inside a Markdown link as it is. */
    private static final java.util.regex.Pattern PUBLIC_URL = java.util.regex.Pattern.compile(
            "https?://[A-Za-z0-9.-]+(:\\d{1,5})?(/[A-Za-z0-9._~-]+)*|https?://\\[[0-9A-Fa-f:.]+](:\\d{1,5})?"
                    + "(/[A-Za-z0-9._~-]+)*");

    /** The settings before the HTTP and storage limits, which then take their defaults. */
    public BurstlineProperties(Path dataDir, String apiToken, DataSize maxUploadSize, String agentToken,
                               Agents agents, Jobs jobs, String environmentNote) {
        this(dataDir, apiToken, maxUploadSize, agentToken, agents, jobs, null, null, environmentNote, null);
    }

    /**
     * @param maxBodySize          the largest request body, except iperf3 output (maxUploadSize)
     * @param maxRequestsPerClient requests served at once for one client address; more are answered 429
     * @param bodyTimeout          how long a request body may take to arrive in all, from the request's start
     * @param busyShare            the share of the server's request threads above which each client address gets
     *                             only its fair part of them (ClientConcurrencyLimit), in percent
     */
    public record Http(DataSize maxBodySize, Integer maxRequestsPerClient, Duration bodyTimeout, Integer busyShare) {
        public Http {
            maxBodySize = maxBodySize == null ? DataSize.ofMegabytes(1) : maxBodySize;
            maxRequestsPerClient = maxRequestsPerClient == null ? 32 : maxRequestsPerClient;
            bodyTimeout = bodyTimeout == null ? Duration.ofSeconds(60) : bodyTimeout;
            busyShare = busyShare == null ? 50 : Math.max(1, Math.min(100, busyShare));
        }
    }

    /**
     * @param minFreeSpace writes stop (503) while the data dir's disk has less free than this, because H2 closes its
     *                     database for good when a write finds the disk full
     */
    public record Storage(DataSize minFreeSpace) {
        public Storage {
            minFreeSpace = minFreeSpace == null ? DataSize.ofMegabytes(64) : minFreeSpace;
        }
    }

    /**
     * @param heartbeatSeconds how often agents are asked to send a heartbeat; an agent is offline after three missed
     */
    public record Agents(Integer heartbeatSeconds) {
        public Agents {
            heartbeatSeconds = heartbeatSeconds == null ? 5 : heartbeatSeconds;
        }
    }

    /**
     * @param iperf3Port          the first port the peer agent's iperf3 server listens on
     * @param iperf3Ports         how many ports from iperf3Port on are used in turn, so that an iperf3 server left
     *                            behind by a crashed agent blocks one port, not every job to that host
     * @param resultMargin        added to a scenario's duration + omit time before its result is given up on; at most
     *                            the contract's {@link ServerRoleRequest#MAX_RESULT_MARGIN}, which the agents accept
     * @param agentConnectTimeout how long a server→agent call may take to connect
     */
    public record Jobs(Integer iperf3Port, Integer iperf3Ports, Duration resultMargin,
                       Duration agentConnectTimeout) {
        public Jobs {
            iperf3Port = iperf3Port == null ? 5201 : iperf3Port;
            iperf3Ports = iperf3Ports == null ? 10 : Math.max(1, iperf3Ports);
            resultMargin = resultMargin == null ? Duration.ofSeconds(20)
                    : ServerRoleRequest.checkResultMargin(resultMargin);
            agentConnectTimeout = agentConnectTimeout == null ? Duration.ofSeconds(3) : agentConnectTimeout;
        }
    }
}
