package com.burstline.server.job;

import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.job.planning.JobRequest;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.Optional;

/**
 * What other features may do with jobs: check a request as {@code POST /api/v1/jobs} would, start one on behalf of
 * a schedule, and read one. Everything goes through {@link JobService}, so a template is held to exactly the rules a
 * job is.
 */
@Service
public class JobTemplates {
    private final JobService jobs;

    JobTemplates(JobService jobs) {
        this.jobs = jobs;
    }

    /** Every problem the job API would answer for this request; empty when it would start. */
    public List<String> problems(JobRequest request) {
        try {
            jobs.check(request);
            return List.of();
        } catch (InvalidJobException invalid) {
            return invalid.problems();
        }
    }

    /** Starts a job from the request, marked as the schedule's; refused with the reasons in words. */
    public JobView start(JobRequest request, long scheduleId) {
        try {
            return jobs.create(request, scheduleId);
        } catch (InvalidJobException invalid) {
            throw new JobRefusedException(invalid.problems());
        } catch (JobQueueFullException full) {
            throw new JobRefusedException(List.of(full.getMessage()));
        }
    }

    public Optional<JobView> find(long id) {
        try {
            return Optional.of(jobs.get(id));
        } catch (JobNotFoundException gone) {
            return Optional.empty();
        }
    }
}
