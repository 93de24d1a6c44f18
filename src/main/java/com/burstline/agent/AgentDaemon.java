package com.burstline.agent;

import com.burstline.contract.AgentCallVerifier;
import com.burstline.contract.BuildVersion;
import com.burstline.contract.LegacyCallSignature;
import com.burstline.contract.ServerSigningKeys;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * A running agent: its HTTP API, registration with the server (retried until it works), heartbeats, and the spool
 * delivery loop. Everything is wired by {@code new} in {@link #start}.
 */
final class AgentDaemon implements AutoCloseable {
    static final String VERSION = BuildVersion.get();
    private static final Logger LOG = Logger.getLogger(AgentDaemon.class.getName());
    private static final long RETRY_SECONDS = 2;
    /** Signed calls remembered against replay: far more than a server sends an agent in a minute. */
    private static final int MAX_REMEMBERED_CALLS = 10_000;

    private final AgentSettings settings;
    private final AgentHttpApi api;
    private final ServerClient server;
    private final ResultSpool spool;
    private final FactsCollector facts;
    private final BusyLock busy;
    private final AgentEndpoints endpoints;
    private final URI advertise;
    private final AgentTls tls;
    private final ScheduledExecutorService timers = Executors.newScheduledThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "agent-timer");
        thread.setDaemon(true);
        return thread;
    });
    private volatile boolean registered;
    private volatile int heartbeatSeconds = 5;

    private AgentDaemon(AgentSettings settings, AgentHttpApi api, ServerClient server, ResultSpool spool,
                        FactsCollector facts, BusyLock busy, AgentEndpoints endpoints, AgentTls tls) {
        this.settings = settings;
        this.api = api;
        this.server = server;
        this.spool = spool;
        this.facts = facts;
        this.busy = busy;
        this.endpoints = endpoints;
        this.tls = tls;
        this.advertise = settings.advertise() != null ? settings.advertise()
                : SettingValues.defaultAdvertise(settings.tls().scheme(), settings.listen(), api.port());
    }

    static AgentDaemon start(AgentSettings settings) throws IOException, InterruptedException {
        Iperf3Version version = installedIperf3(settings.iperf3());
        Tools tools = new Tools(version == null ? null : new Iperf3Tool(settings.iperf3(), version),
                nativeIperf3(settings.iperf3(), version));
        HostPlatform platform = HostPlatform.current();
        InstanceMetadata.Answer instance = InstanceMetadata.instanceType(settings.instanceType(), platform,
                System.getenv());
        if (instance.instanceType() == null) {
            LOG.info("instance type unknown: " + instance.unknownReason());
        }
        FactsCollector facts = new FactsCollector(platform, settings.iperf3(), version, instance.instanceType(),
                tools.names());
        AgentSecret secret = new AgentSecret(settings.spool(), settings.name());
        ServerKey serverKey = new ServerKey(settings.spool(), settings.name());
        ServerClient server = new ServerClient(settings.server(), settings.serverFingerprint(), settings.token(),
                secret, serverKey, settings.name());
        ResultSpool spool = new ResultSpool(settings.spool(), server);
        BusyLock busy = new BusyLock();
        ConfigReadAhead configReadings = ConfigReadAhead.ofThisHost();
        ScenarioRunner scenarios = new ScenarioRunner(tools, facts, server, spool, configReadings);
        AgentEndpoints endpoints = new AgentEndpoints(settings.name(), busy, facts,
                version == null ? null : new Iperf3ServerRole(settings.iperf3(), settings.testAddress()),
                new EngineServerRole(settings.testAddress()), tools, scenarios, settings.allowedPeers(), serverKey,
                new ServerRoleDrops(platform, settings.testAddress(), ServerRoleDrops.WAIT), settings.testAddress(),
                configReadings);
        AgentTls tls = AgentTls.of(settings.tls(), settings.spool(), settings.name());
        if (tls == null && !settings.listen().getAddress().isLoopbackAddress()) {
            LOG.warning("--tls off on " + settings.listen().getHostString() + ": every call travels in clear (signed, "
                    + "so not forgeable, but readable); plain HTTP is meant for loopback and development");
        }
        if (!SettingValues.isLocal(settings.testAddress())) {
            LOG.warning("--test-address " + settings.testAddress() + " is not an address of this host: the iperf3 "
                    + "server role listens on the test address only, so it cannot start here");
        }
        warnAboutPlainHttp(settings);
        AgentCallVerifier verifier = new AgentCallVerifier(settings.name(), serverKey::value,
                () -> secret.value() == null ? null : LegacyCallSignature.keyOf(secret.value()), Clock.systemUTC(),
                MAX_REMEMBERED_CALLS, new SeenNonceFile(settings.spool(), settings.name(), Clock.systemUTC()));
        AgentHttpApi api = new AgentHttpApi(settings.listen(), verifier, endpoints, tls);
        AgentDaemon agent = new AgentDaemon(settings, api, server, spool, facts, busy, endpoints, tls);
        api.start();
        agent.timers.execute(agent::registerUntilDone);
        agent.timers.scheduleWithFixedDelay(spool::deliverPending, RETRY_SECONDS, RETRY_SECONDS, TimeUnit.SECONDS);
        LOG.info("Agent " + settings.name() + " (tools " + tools.names() + ") listening at " + agent.advertise
                + (tls == null ? " (plain HTTP: --tls off)" : " (certificate SHA-256 " + tls.fingerprint() + ")")
                + "; measures " + (settings.allowedPeers().any() ? "the peers its server names, inside the networks "
                + "its server allows"
                : "peers in " + settings.allowedPeers() + " only"));
        return agent;
    }

    /**
     * Plain HTTP to the server is an explicit choice: the agent's secret and its results travel readable (they
     * cannot make the agent obey anyone, but they speak for it to the server), and the server's key comes unchecked
     * with the enrollment. The install commands give an https:// server and its certificate's fingerprint.
     */
    private static void warnAboutPlainHttp(AgentSettings settings) {
        if ("http".equals(settings.server().getScheme())) {
            LOG.warning("--server " + settings.server() + " is plain HTTP: this agent's secret and results travel "
                    + "readable, and the server's signing key it enrolls with is unchecked. Use the server's "
                    + "https:// address for agents with --server-fingerprint, as the Agents page's commands do");
        } else if (settings.serverFingerprint() == null) {
            LOG.info("--server " + settings.server() + " is checked against the JDK's CA certificates (no "
                    + "--server-fingerprint given)");
        }
    }

    /** The host's iperf3, or null when there is none: the agent then measures with its own engine. */
    private static Iperf3Version installedIperf3(String path) throws InterruptedException {
        try {
            return Iperf3Version.of(path);
        } catch (IllegalArgumentException missing) {
            LOG.info("No iperf3 (" + missing.getMessage() + "); the engine measures every scenario");
            return null;
        }
    }

    /** Whether iperf3 is built for this CPU; an emulated one measures the emulator, so auto then takes the engine. */
    private static boolean nativeIperf3(String path, Iperf3Version version) {
        if (version == null) {
            return false;
        }
        boolean nativeBuild = ExecutableArchitecture.isNative(path);
        if (!nativeBuild) {
            LOG.info("iperf3 at " + path + " is not built for " + ExecutableArchitecture.jvm()
                    + "; tool auto measures with the engine");
        }
        return nativeBuild;
    }

    private void registerUntilDone() {
        try {
            heartbeatSeconds = server.register(registration());
            registered = true;
            LOG.info("Registered with " + settings.server() + "; heartbeat every " + heartbeatSeconds + " s");
            timers.schedule(this::heartbeat, heartbeatSeconds, TimeUnit.SECONDS);
        } catch (IOException | RuntimeException e) {
            LOG.warning("Cannot register with " + settings.server() + " yet (" + e + "); retrying");
            timers.schedule(this::registerUntilDone, RETRY_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Each heartbeat schedules the next, so that a server that forgot us (404, or 401: it no longer knows our secret)
     * gets a fresh registration. The next one is due a period after this one started, not after its answer: the
     * server calls an agent offline after three periods, and slow answers on a busy host must not add up to that.
     */
    private void heartbeat() {
        long started = System.nanoTime();
        try {
            int status = server.heartbeat(busy.isBusy());
            if (status == 404 || status == 401) {
                registered = false;
                registerUntilDone();
                return;
            }
        } catch (IOException serverAway) {
            // the next heartbeat tries again; results wait in the spool meanwhile
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        long spent = System.nanoTime() - started;
        timers.schedule(this::heartbeat, Math.max(0, TimeUnit.SECONDS.toNanos(heartbeatSeconds) - spent),
                TimeUnit.NANOSECONDS);
    }

    private Map<String, Object> registration() {
        Map<String, Object> registration = new LinkedHashMap<>();
        registration.put("name", settings.name());
        registration.put("url", advertise.toString());
        registration.put("testAddress", settings.testAddress());
        registration.put("version", VERSION);
        registration.put("facts", facts.collect().toJson());
        if (tls != null) {
            registration.put("certificateSha256", tls.fingerprint());
        }
        registration.put(ServerSigningKeys.FINGERPRINT_FIELD, server.serverKeyFingerprint());
        return registration;
    }

    int port() {
        return api.port();
    }

    @Override
    public void close() {
        timers.shutdownNow();
        api.stop();
        endpoints.stopAll();
    }
}
