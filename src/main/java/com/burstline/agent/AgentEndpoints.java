package com.burstline.agent;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.Scenario;
import com.burstline.contract.ScenarioSpec;
import com.burstline.contract.ServerRoleRequest;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/** What the server can ask of an agent: its status, the iperf3 server role, a scenario to run, a cancel. */
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
    private volatile RunningScenario current;
    private volatile ServerRoleHandle serverProcess;
    private volatile LatencyProbeResponder probeAnswers;

    /** @param serverRole null when the host has no iperf3: the engine then takes the server role */
    AgentEndpoints(String agentName, BusyLock busy, FactsCollector facts, Iperf3ServerRole serverRole,
                   EngineServerRole engineServerRole, Tools tools, ScenarioRunner scenarios,
                   AllowedPeers allowedPeers, String testAddress) {
        this.testAddress = testAddress;
        this.allowedPeers = allowedPeers;
        this.engineServerRole = engineServerRole;
        this.agentName = agentName;
        this.busy = busy;
        this.facts = facts;
        this.serverRole = serverRole;
        this.tools = tools;
        this.scenarios = scenarios;
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
        try {
            answerLatencyProbe(request);
            serverProcess = request.requestResponse()
                    ? engineServerRole.startTransactions(port, request.timeout(), this::serverRoleEnded)
                    : Scenario.TOOL_ENGINE.equals(tool)
                    ? engineServerRole.start(port, request.timeout(), this::serverRoleEnded)
                    : ServerRoleHandle.of(serverRole.start(port, request.timeout(), this::serverRoleEnded));
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
    private void serverRoleEnded() {
        LatencyProbeResponder answers = probeAnswers;
        if (answers != null) {
            answers.stopSoon();
        }
        measurementEnded();
    }

    AgentHttpApi.EndpointResult startScenario(Map<String, Object> body) {
        ScenarioSpec spec = ScenarioSpec.fromJson(body);
        allowedPeers.check(spec.peerHost());
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
