package com.burstline.agent;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.Scenario;
import com.burstline.contract.ScenarioSpec;
import com.burstline.contract.ServerRoleRequest;
import com.burstline.contract.ServerSigningKeys;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the server can ask of an agent: its status, the iperf3 server role and its drop counts, a scenario to run, a
 * cancel.
 */
final class AgentEndpoints {
    private static final Logger LOG = Logger.getLogger(AgentEndpoints.class.getName());

    private final String agentName;
    private final BusyLock busy;
    private final FactsCollector facts;
    private final Iperf3ServerRole serverRole;
    private final EngineServerRole engineServerRole;
    private final Tools tools;
    private final ScenarioRunner scenarios;
    private final AllowedPeers allowedPeers;
    private final String testAddress;
    private final ServerRoleDrops serverRoleDrops;
    private final ServerKey serverKey;
    private final HostConfigEndpoint hostConfig;
    private final ConfigReadAhead configReadings;
    private volatile RunningScenario current;
    private volatile ServerRoleHandle serverProcess;
    private volatile LatencyProbeResponder probeAnswers;

    /** @param serverRole null when the host has no iperf3: the engine then takes the server role */
    AgentEndpoints(String agentName, BusyLock busy, FactsCollector facts, Iperf3ServerRole serverRole,
                   EngineServerRole engineServerRole, Tools tools, ScenarioRunner scenarios,
                   AllowedPeers allowedPeers, ServerKey serverKey, ServerRoleDrops serverRoleDrops,
                   String testAddress, ConfigReadAhead configReadings) {
        this.testAddress = testAddress;
        this.allowedPeers = allowedPeers;
        this.serverKey = serverKey;
        this.serverRoleDrops = serverRoleDrops;
        this.engineServerRole = engineServerRole;
        this.agentName = agentName;
        this.busy = busy;
        this.facts = facts;
        this.serverRole = serverRole;
        this.tools = tools;
        this.scenarios = scenarios;
        this.configReadings = configReadings;
        this.hostConfig = new HostConfigEndpoint(facts, configReadings, allowedPeers);
    }

    AgentHttpApi.EndpointResult status() {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("name", agentName);
        status.put("busy", busy.isBusy());
        status.put("activity", busy.activity());
        status.put("facts", facts.collect().toJson());
        return new AgentHttpApi.EndpointResult(200, status);
    }

    AgentHttpApi.EndpointResult startServerRole(Map<String, Object> body) {
        ServerRoleRequest request = ServerRoleRequest.fromJson(body);
        int port = request.port();
        String tool = tools.resolve(request.tool());
        if (Scenario.TOOL_IPERF3.equals(tool) && serverRole == null) {
            throw new InvalidMessageException("tool 'iperf3' was asked for, but this agent has no iperf3 binary");
        }
        acquire(tool + " server on port " + port);
        configReadings.settle(); // no reading of this host while its server takes traffic
        try {
            ServerRolePorts.ensureFree(testAddress, port);
            answerLatencyProbe(request);
            ServerRoleDrops.Counting drops = serverRoleDrops.started(request.attempt());
            Runnable ended = () -> {
                try {
                    drops.ended().run();
                } finally {
                    serverRoleEnded(request.attempt());
                }
            };
            serverProcess = request.requestResponse()
                    ? engineServerRole.startTransactions(port, request.timeout(), ended)
                    : Scenario.TOOL_ENGINE.equals(tool)
                    ? engineServerRole.start(port, request.timeout(), ended)
                    : ServerRoleHandle.of(serverRole.start(port, request.timeout(), ended));
            drops.awaitBefore(); // the SUT sends nothing until this answer
        } catch (RuntimeException e) {
            stopProbeAnswers();
            busy.release();
            throw e;
        } catch (IOException e) {
            stopProbeAnswers();
            busy.release();
            throw new IllegalStateException("cannot start the " + tool + " server: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            stopProbeAnswers();
            busy.release();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the " + tool + " server", e);
        }
        return new AgentHttpApi.EndpointResult(200, Map.of("port", port));
    }

    /**
     * The loaded-latency probe's answers beside the server, when asked for; answers of an earlier scenario still
     * lingering stop first, since one test at a time means they can only be that scenario's.
     */
    private void answerLatencyProbe(ServerRoleRequest request) {
        stopProbeAnswers();
        if (request.latencyProbe() != null) {
            probeAnswers = LatencyProbeResponder.start(testAddress, request.latencyProbe());
        }
    }

    private void stopProbeAnswers() {
        LatencyProbeResponder answers = probeAnswers;
        if (answers != null) {
            answers.stop();
            probeAnswers = null;
        }
    }

    /** The server role's test is over (or its time): the probe answers a little longer, then the agent is free. */
    private void serverRoleEnded(AttemptKey attempt) {
        try {
            LatencyProbeResponder answers = probeAnswers;
            if (answers != null) {
                answers.stopSoon();
            }
            configReadings.measurementEnded(attempt == null ? null : attempt.jobId());
        } finally {
            measurementEnded(); // the agent is free again whatever happened above
        }
    }

    /** The peer's drop counts around the server role it ran for an attempt (see {@link ServerRoleDrops}). */
    AgentHttpApi.EndpointResult serverRoleDrops(Map<String, Object> body) {
        AttemptKey key = AttemptKey.fromJson(body);
        try {
            return new AgentHttpApi.EndpointResult(200, serverRoleDrops.of(key).toJson());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the server role to end", e);
        }
    }

    AgentHttpApi.EndpointResult startScenario(Map<String, Object> body) {
        ScenarioSpec spec = ScenarioSpec.fromJson(body);
        allowedPeers.check(spec);
        String reason = scenarios.cannotRun(spec);
        if (reason != null) {
            throw new InvalidMessageException(reason);
        }
        acquire(spec.describe());
        RunningScenario running = new RunningScenario(spec, new Cancellation());
        current = running;
        Thread worker = new Thread(() -> runToEnd(running), "scenario-" + spec.key().scenarioId());
        worker.start();
        return new AgentHttpApi.EndpointResult(202, Map.of("accepted", true));
    }

    /**
     * The server's signing key, delivered once to an agent that enrolled before protocol v2. The same key again is
     * answered as pinned; another one is refused (409): a server's key changes only by enrolling the agent again.
     */
    AgentHttpApi.EndpointResult pinServerKey(Map<String, Object> body) {
        Object text = body.get(ServerSigningKeys.FIELD);
        if (!(text instanceof String offered)) {
            throw new InvalidMessageException(ServerSigningKeys.FIELD + " is required: the server's public key");
        }
        String fingerprint = ServerSigningKeys.fingerprint(ServerSigningKeys.parsePublic(offered));
        if (serverKey.value() != null) {
            if (!fingerprint.equals(serverKey.fingerprint())) {
                throw new KeyConflictException("this agent holds the server key " + serverKey.fingerprint()
                        + " and keeps it; a server's key changes only by enrolling the agent again");
            }
            return new AgentHttpApi.EndpointResult(200, Map.of(ServerSigningKeys.FINGERPRINT_FIELD, fingerprint));
        }
        try {
            serverKey.pin(offered, "delivered by its server over this agent's listener, signed with the key of "
                    + "this agent's secret");
        } catch (IOException e) {
            throw new IllegalStateException("cannot keep the server's key: " + e.getMessage(), e);
        }
        return new AgentHttpApi.EndpointResult(200, Map.of(ServerSigningKeys.FINGERPRINT_FIELD, fingerprint));
    }

    /** Another server key than the one held: 409. */
    static final class KeyConflictException extends RuntimeException {
        KeyConflictException(String message) {
            super(message);
        }
    }

    AgentHttpApi.EndpointResult hostConfig(Map<String, Object> body) {
        return hostConfig.read(body);
    }

    AgentHttpApi.EndpointResult cancel(Map<String, Object> body) {
        AttemptKey key = AttemptKey.fromJson(body);
        RunningScenario running = current;
        if (running != null && running.spec().key().equals(key)) {
            running.cancellation().cancel();
        }
        stopServerRole();
        return new AgentHttpApi.EndpointResult(204, null);
    }

    /**
     * A cancel also ends this host's iperf3 server, if one waits: the server sends cancels only for the scenario it
     * is running, and one test at a time per agent means a waiting server can only belong to that scenario.
     */
    private void stopServerRole() {
        ServerRoleHandle server = serverProcess;
        if (server != null && server.isAlive()) {
            server.stop().run();
        }
    }

    /** On shutdown nothing is left behind: an orphaned iperf3 would hold its port and measure nobody. */
    void stopAll() {
        RunningScenario running = current;
        if (running != null) {
            running.cancellation().cancel();
        }
        stopServerRole();
        stopProbeAnswers();
    }

    private void runToEnd(RunningScenario running) {
        try {
            scenarios.run(running.spec(), running.cancellation());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Scenario " + running.spec().describe() + " failed inside the agent", e);
        } finally {
            current = null;
            measurementEnded();
        }
    }

    /**
     * Frees the agent for the next test and gives back what the last one held. The engine's stream buffers are direct
     * (native) memory, freed only when a collection finds their small heap objects dead, and an agent between tests
     * allocates too little for one to come, so they would stay resident between tests. One full collection of a
     * small heap, after the measurement, never during it.
     */
    private void measurementEnded() {
        busy.release();
        System.gc();
    }

    private void acquire(String activity) {
        if (!busy.tryAcquire(activity)) {
            throw new AgentBusyException(agentName, busy.activity());
        }
    }

    private record RunningScenario(ScenarioSpec spec, Cancellation cancellation) {
    }
}
