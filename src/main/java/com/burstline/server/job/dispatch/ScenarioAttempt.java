package com.burstline.server.job.dispatch;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.LatencyProbeSpec;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ScenarioSpec;
import com.burstline.contract.ServerRoleRequest;
import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.job.JobStore;
import com.burstline.server.job.JobWakeups;
import com.burstline.server.job.LiveSampleLog;
import com.burstline.server.job.ScenarioStatus;
import com.burstline.server.job.ScenarioWork;
import com.burstline.server.job.LatencySampleLog;
import com.burstline.server.job.intake.ProbeWatch;
import com.burstline.server.system.BurstlineProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * Runs one scenario attempt: the peer starts an iperf3 server, the SUT starts the client, and then the attempt waits
 * until the SUT's result ends it (see {@code ResultIntake}), or a timeout, a lost agent or a cancel does; then the
 * peer's drop counts join the run ({@link PeerDrops}). A burst
 * probe also ends, successfully, once its drop is confirmed: then both agents are told to stop, so the probe spends
 * no more credit than it must, and what it measured is kept as its probe.
 */
@Component
class ScenarioAttempt {
    private static final Logger log = LoggerFactory.getLogger(ScenarioAttempt.class);
    /**
     * How often a running scenario is looked at for what no change announces (a lost heartbeat, its deadline); a
     * result wakes it at once ({@link JobWakeups}). A burst probe is looked at more often, for its drop.
     */
    private static final Duration LOOK = Duration.ofSeconds(1);
    private static final Duration PROBE_LOOK = Duration.ofMillis(100);
    /** How long a busy agent is waited for in all: as the ten 1 s pauses before. */
    private static final Duration BUSY_PATIENCE = Duration.ofSeconds(9);
    private static final Duration FIRST_BUSY_PAUSE = Duration.ofMillis(20);
    private static final Duration MAX_BUSY_PAUSE = Duration.ofSeconds(1);
    /** The loaded-latency probe's session numbers: the peer answers only the one it was given. */
    private static final SecureRandom SESSIONS = new SecureRandom();
    /** How long a cancelled scenario waits for the SUT's own result (its iperf3 output) before the live samples. */
    private static final Duration CANCELLED_RESULT_WAIT = Duration.ofSeconds(5);

    private final JobStore store;
    private final AgentRegistry agents;
    private final AgentClient client;
    private final PortPool ports;
    private final Duration margin;
    private final LiveSampleLog liveSamples;
    private final LatencySampleLog latencySamples;
    private final LiveSampleRuns liveSampleRuns;
    private final ProbeWatch probes;
    private final JobWakeups wakeups;
    private final PeerDrops peerDrops;
    private final HostConfigReading configs;

    ScenarioAttempt(JobStore store, AgentRegistry agents, AgentClient client, BurstlineProperties properties,
                    LiveSampleLog liveSamples, LiveSampleRuns liveSampleRuns, ProbeWatch probes,
                    JobWakeups wakeups, LatencySampleLog latencySamples, PeerDrops peerDrops,
                    HostConfigReading configs) {
        BurstlineProperties.Jobs settings = properties.jobs();
        this.latencySamples = latencySamples;
        this.peerDrops = peerDrops;
        this.configs = configs;
        this.wakeups = wakeups;
        this.probes = probes;
        this.store = store;
        this.liveSamples = liveSamples;
        this.liveSampleRuns = liveSampleRuns;
        this.agents = agents;
        this.client = client;
        this.ports = new PortPool(settings.iperf3Port(), settings.iperf3Ports());
        this.margin = settings.resultMargin();
    }

    /**
     * Safe to call from several threads at once: each job runs on its own.
     *
     * @param agentPatience how long an offline agent is waited for before the scenario fails: after a restart or a
     *                      take-over agents come back within a few heartbeats; otherwise zero
     */
    void run(ScenarioWork work, Duration agentPatience) throws InterruptedException {
        PortPool.Lease port = ports.lease(work.key().scenarioId());
        if (work.probe()) {
            probes.watch(work.key());
        }
        wakeups.open(work.key().jobId());
        try {
            awaitOnline(work, agentPatience);
            dispatch(work, port);
        } finally {
            wakeups.close(work.key().jobId());
            if (work.probe()) {
                keepProbeOfAFullRun(work);
            }
            liveSamples.take(work.key()); // whatever is left: the attempt is over
            latencySamples.take(work.key());
            port.close();
        }
    }

    private void awaitOnline(ScenarioWork work, Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (offlineOf(work) != null && System.nanoTime() < deadline) {
            Thread.sleep(PROBE_LOOK.toMillis());
        }
    }

    /** Tells an agent to stop an attempt, if it still runs it; an agent that cannot be reached is let be. */
    void cancel(String agent, AttemptKey key) {
        agents.find(agent).ifPresent(view -> cancelQuietly(view, key));
    }

    /** A probe that ran to its end; one stopped at its drop is kept already, and a second keep changes nothing. */
    private void keepProbeOfAFullRun(ScenarioWork work) {
        Optional<ProbeWatch.Measured> measured = probes.end(work.key());
        if (measured.isPresent() && store.statusOf(work.key()).orElse(null) == ScenarioStatus.SUCCEEDED) {
            Long runId = store.runOf(work.key()).orElse(null);
            store.keepProbe(work.key(), at -> measured.get().toProbe(work, runId, at));
        }
    }

    private void dispatch(ScenarioWork work, PortPool.Lease port) throws InterruptedException {
        Optional<AgentView> sut = online(work.sut());
        Optional<AgentView> peer = online(work.peer());
        if (sut.isEmpty() || peer.isEmpty()) {
            fail(work, "agent " + (sut.isEmpty() ? work.sut() : work.peer()) + " is offline (it has not sent a "
                    + "heartbeat for " + 3 * agents.heartbeatSeconds() + " s)");
            return;
        }
        IntFunction<ScenarioSpec> specOn;
        ScenarioSpec first;
        try {
            String peerAddress = client.peerAddress(sut.get(), peer.get());
            long session = SESSIONS.nextLong();
            specOn = p -> spec(work, peerAddress, p, client.peerNetworks(), work.runsLatencyProbe()
                    ? LatencyProbeSpec.standard(ports.latencyProbePort(p), session) : null);
            first = specOn.apply(port.port());
            ServerRoleRequest.forScenario(first, margin); // refused here, before any agent is asked for anything
        } catch (InvalidMessageException e) {
            fail(work, "the scenario cannot be sent to the agents: " + e.getMessage());
            return;
        } catch (AgentCallException refused) {
            fail(work, refused.getMessage());
            return;
        }
        long limitSeconds = first.limitSeconds(margin);
        HostConfigReading.Readings readings = configs.start(work, sut.get(), peer.get());
        try {
            ScenarioSpec spec;
            try {
                spec = startPeerServer(work, peer.get(), port, specOn);
            } finally {
                readings.await(); // both hosts are read before the SUT sends anything, or the attempt fails
            }
            whenNotBusy(() -> client.startScenario(sut.get(), spec));
        } catch (AgentCallException e) {
            fail(work, e.getMessage());
            cancelQuietly(peer.get(), work.key());
            return;
        }
        boolean stoppedAtDrop = awaitEnd(work, sut.get(), limitSeconds);
        if (stoppedAtDrop
                || store.statusOf(work.key()).orElse(ScenarioStatus.CANCELLED) != ScenarioStatus.SUCCEEDED) {
            // the peer's iperf3 server may still wait for a client that never comes: free the peer now
            cancelQuietly(peer.get(), work.key());
        }
        peerDrops.collect(work, peer.get());
    }

    /**
     * Starts the peer's server role on the lease's port, or on the next of the pool while the peer says another program
     * holds it (someone's own {@code iperf3 -s} on 5201 is common on a test host).
     *
     * @return the spec on the port the peer listens on
     */
    private ScenarioSpec startPeerServer(ScenarioWork work, AgentView peer, PortPool.Lease port,
                                         IntFunction<ScenarioSpec> specOn)
            throws AgentCallException, InterruptedException {
        while (true) {
            ScenarioSpec spec = specOn.apply(port.port());
            try {
                whenNotBusy(() -> client.startIperf3Server(peer, ServerRoleRequest.forScenario(spec, margin)));
                return spec;
            } catch (AgentCallException.PortInUse taken) {
                int was = port.port();
                if (!port.moveOn()) {
                    throw new AgentCallException("every port this server measures on (" + ports.range() + ", and "
                            + "the latency probe's beside them) is in use on agent " + peer.name() + " by another "
                            + "program: free one there, or give the server other ports (burstline.jobs.iperf3-port); "
                            + "last answer: " + taken.getMessage(), false);
                }
                log.info("Port {} is in use on agent {}; {} moves to port {}", was, peer.name(),
                        work.key().describe(), port.port());
            }
        }
    }

    /** @return true when a burst probe was stopped at its drop */
    private boolean awaitEnd(ScenarioWork work, AgentView sut, long limitSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(limitSeconds).toNanos();
        while (true) {
            wakeups.await(work.key().jobId(), work.probe() ? PROBE_LOOK : LOOK);
            ScenarioStatus status = store.statusOf(work.key()).orElse(ScenarioStatus.CANCELLED);
            if (status != ScenarioStatus.RUNNING) {
                if (status == ScenarioStatus.CANCELLED) {
                    cancelQuietly(sut, work.key());
                    keepSamplesUnlessAResultCame(work);
                }
                return false;
            }
            if (work.probe() && probes.dropConfirmed(work.key()) && stopAtDrop(work, sut)) {
                return true;
            }
            String lost = offlineOf(work);
            if (lost != null) {
                failKeepingSamples(work, "agent " + lost + " stopped sending heartbeats during the scenario");
                cancelQuietly(sut, work.key());
                return false;
            }
            if (System.nanoTime() > deadline) {
                failKeepingSamples(work, "agent " + work.sut() + " sent no result within " + limitSeconds + " s (duration + omit "
                        + "+ " + margin.toSeconds() + " s margin)");
                cancelQuietly(sut, work.key());
                return false;
            }
        }
    }

    /**
     * The drop is confirmed: the scenario succeeds with the probe it measured, then the SUT stops sending. Its tool's
     * result, a cancelled one, then finds the scenario ended and changes nothing.
     */
    private boolean stopAtDrop(ScenarioWork work, AgentView sut) {
        ProbeWatch.Measured measured = probes.measured(work.key()).orElseThrow();
        boolean stopped = store.finishProbe(work.key(), at -> measured.toProbe(work, null, at));
        if (stopped) {
            log.info("Burst probe of {} dropped after {} s; stopping it", work.key().describe(),
                    measured.figures().exhaustedAfterSeconds());
            cancelQuietly(sut, work.key());
        }
        return stopped;
    }

    /** The name of the job's agent that went offline, or null while both are online. */
    private String offlineOf(ScenarioWork work) {
        if (online(work.sut()).isEmpty()) {
            return work.sut();
        }
        return online(work.peer()).isEmpty() ? work.peer() : null;
    }

    private interface AgentCall {
        void call() throws AgentCallException, InterruptedException;
    }

    /**
     * An agent finishing the previous test answers 409 for a moment (its iperf3 server exiting, or the SUT still
     * delivering the result that woke this job). That moment is usually milliseconds, so the first look again comes
     * soon and the pauses double from there; the patience in all stays what it was ({@link #BUSY_PATIENCE}).
     */
    private static void whenNotBusy(AgentCall call) throws AgentCallException, InterruptedException {
        long deadline = System.nanoTime() + BUSY_PATIENCE.toNanos();
        long pause = FIRST_BUSY_PAUSE.toMillis();
        while (true) {
            try {
                call.call();
                return;
            } catch (AgentCallException e) {
                if (!e.busy() || System.nanoTime() + pause * 1_000_000 > deadline) {
                    throw e;
                }
                Thread.sleep(pause);
                pause = Math.min(2 * pause, MAX_BUSY_PAUSE.toMillis());
            }
        }
    }

    private void cancelQuietly(AgentView agent, AttemptKey key) {
        try {
            client.cancel(agent, key);
        } catch (AgentCallException e) {
            log.info("Could not cancel job {} scenario {} on its agent: {}", key.jobId(), key.scenarioId(),
                    e.getMessage());
        } catch (InterruptedException shuttingDown) {
            Thread.currentThread().interrupt();
        }
    }

    private Optional<AgentView> online(String name) {
        return agents.find(name).filter(AgentView::online);
    }

    private void fail(ScenarioWork work, String reason) {
        store.finishScenario(work.key(), ScenarioStatus.FAILED, null, reason);
    }

    /**
     * A cancelled scenario keeps what it measured: iperf3's output when the SUT's result brings some soon (see
     * {@code ResultIntake}), else the live samples. iperf3 3.12 killed by the cancel prints nothing.
     */
    private void keepSamplesUnlessAResultCame(ScenarioWork work) throws InterruptedException {
        List<LiveSamples> samples = liveSamples.take(work.key());
        long deadline = System.nanoTime() + CANCELLED_RESULT_WAIT.toNanos();
        while ((!samples.isEmpty() || work.scenario().requestResponse()) && System.nanoTime() < deadline) {
            wakeups.await(work.key().jobId(), PROBE_LOOK);
            if (store.resultContext(work.key().jobId(), work.key().scenarioId())
                    .map(JobStore.ResultContext::runId).isPresent()) {
                return;
            }
        }
        liveSampleRuns.keep(work, samples, latencySamples.take(work.key()), "the scenario was cancelled");
    }

    /** No result came: what the server received live is what the scenario measured (see {@link LiveSampleRuns}). */
    private void failKeepingSamples(ScenarioWork work, String reason) {
        if (store.finishScenario(work.key(), ScenarioStatus.FAILED, null, reason)) {
            liveSampleRuns.keep(work, liveSamples.take(work.key()), latencySamples.take(work.key()), reason);
        }
    }

    /**
     * What the SUT is sent: the peer's address as the server checked it, and the networks it allows; package-private
     * for the wire contract test.
     */
    static ScenarioSpec spec(ScenarioWork work, String peerAddress, int port, java.util.List<String> networks) {
        return spec(work, peerAddress, port, networks, null);
    }

    /** @param latencyProbe the loaded-latency probe beside the scenario, null for none */
    static ScenarioSpec spec(ScenarioWork work, String peerAddress, int port, java.util.List<String> networks,
                             LatencyProbeSpec latencyProbe) {
        return new ScenarioSpec(work.key(), peerAddress, port, work.scenario(), work.nonce(), networks,
                latencyProbe);
    }
}
