package com.burstline.server.job;


import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.job.planning.JobRequest;
import com.burstline.server.job.planning.JobRules;
import com.burstline.server.job.planning.PlannedJob;
import com.burstline.server.probe.Probes;
import com.burstline.server.run.RunQueries;
import com.burstline.server.run.Verdict;
import org.springframework.stereotype.Service;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Starting, reading and cancelling jobs: what the API and the pages both do. */
@Service
class JobService {
    static final int MAX_LIST = 500;

    private final JobStore store;
    private final AgentRegistry agents;
    private final Probes probes;
    private final RunQueries runs;
    /** Jobs on shared agents run one at a time; a queue beyond this is work nobody will see finish today. */
    static final int MAX_WAITING = 100;

    JobService(JobStore store, AgentRegistry agents, Probes probes, RunQueries runs) {
        this.probes = probes;
        this.runs = runs;
        this.store = store;
        this.agents = agents;
    }

    JobView create(JobRequest request) {
        return create(request, null);
    }

    /** @param scheduleId the schedule starting the job, or null for a job started by hand */
    JobView create(JobRequest request, Long scheduleId) {
        PlannedJob planned = check(request);
        if (store.waiting() >= MAX_WAITING) {
            throw new JobQueueFullException(MAX_WAITING);
        }
        return store.create(planned, scheduleId);
    }

    /** The request checked as a new job would be; {@link InvalidJobException} lists every problem. */
    PlannedJob check(JobRequest request) {
        return JobRules.check(request, name -> agents.find(name).isPresent(), probes::latestOf);
    }

    /** A new job with the same request as job {@code id}. */
    JobView rerun(long id) {
        return create(Reruns.requestOf(store.view(id)));
    }

    JobView get(long id) {
        return store.view(id);
    }

    /** The job as {@code GET /api/v1/jobs/{id}} answers it: each stored run's verdict on its scenario. */
    JobView getWithVerdicts(long id) {
        JobView job = store.view(id);
        Map<Long, Verdict> verdicts = new HashMap<>();
        runs.byIds(job.scenarios().stream().map(ScenarioView::runId).filter(Objects::nonNull).toList())
                .forEach(run -> verdicts.put(run.id(), run.verdict()));
        return job.withVerdicts(verdicts);
    }

    List<JobView> list(int size) {
        if (size < 1 || size > MAX_LIST) {
            throw new InvalidJobException("size must be between 1 and " + MAX_LIST + ", not " + size);
        }
        return store.list(size);
    }

    /** Ends the job at once; the runner tells the SUT agent to stop the scenario it is running. */
    JobView cancel(long id) {
        return store.cancel(id);
    }
}
