package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.server.security.TokenSecrets;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.List;

/**
 * Whether a result or live samples come from the scenario the server dispatched: the job's SUT agent (whose own
 * secret authenticated the call, the security filter made sure of that), the attempt it was sent, and that
 * dispatch's nonce. Anything else is refused before a byte is stored.
 */
@Service
public class Dispatches {
    private final JobRepository jobs;
    private final TransactionTemplate transaction;

    Dispatches(JobRepository jobs, TransactionTemplate transaction) {
        this.jobs = jobs;
        this.transaction = transaction;
    }

    /**
     * What a result needs to know about its dispatch.
     *
     * @param runId         the run its result made, when the result already arrived
     * @param resultArrived the nonce was used: a second delivery of the same result answers the first's outcome
     * @param jobFinished   the job ended (a late result from the spool is still taken; live samples no more)
     * @param running       the scenario's attempt is running (live samples are taken only then)
     */
    public record Dispatch(String peer, List<String> tags, Long runId, boolean resultArrived, boolean jobFinished,
                           boolean running) {
    }

    /** @throws DispatchRefusedException unless this agent was sent this attempt with this nonce */
    public Dispatch verify(String agent, AttemptKey key, String nonce) {
        String nonceHash = nonce == null ? null : TokenSecrets.sha256(nonce);
        return transaction.execute(status -> jobs.scenarioOfJob(key.jobId(), key.scenarioId())
                .filter(scenario -> scenario.job().pairOf(scenario).sut().equals(agent) && scenario.attempt() == key.attempt()
                        && scenario.dispatchedWithNonce(nonceHash))
                .map(scenario -> new Dispatch(scenario.job().pairOf(scenario).peer(), scenario.job().tags(), scenario.runId(),
                        scenario.resultArrived(), scenario.job().status().finished(),
                        scenario.isRunning(key.attempt())))
                .orElseThrow(() -> new DispatchRefusedException(key.describe() + " attempt " + key.attempt()
                        + " was not dispatched to agent " + agent + " with this nonce: an agent reports only on "
                        + "scenarios the server gave it, with the nonce that came with them")));
    }

    /** Live samples: only while the job runs and the scenario's result has not arrived. */
    public void verifyLive(String agent, AttemptKey key, String nonce) {
        Dispatch dispatch = verify(agent, key, nonce);
        if (dispatch.jobFinished() || dispatch.resultArrived() || !dispatch.running()) {
            throw new DispatchRefusedException(key.describe() + " has ended: live samples are taken only while it "
                    + "runs");
        }
    }
}
