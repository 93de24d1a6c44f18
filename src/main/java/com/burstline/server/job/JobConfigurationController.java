package com.burstline.server.job;

import com.burstline.server.hostconfig.HostConfigView;
import com.burstline.server.hostconfig.HostConfigViews;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

@RestController
@Tag(name = "Jobs")
class JobConfigurationController {
    private final JobService jobs;
    private final HostConfigViews views;

    JobConfigurationController(JobService jobs, HostConfigViews views) {
        this.jobs = jobs;
        this.views = views;
    }

    record JobConfiguration(long jobId, List<HostConfigView> hosts) {
    }

    @Operation(summary = "Both hosts' configuration during the job, each audited against the vendor's advice",
            description = "One entry per host and distinct configuration (SUT first), with the scenarios that read "
                    + "it: a host whose settings changed during the job has one entry per configuration.")
    @GetMapping(path = "/api/v1/jobs/{id}/configuration", produces = MediaType.APPLICATION_JSON_VALUE)
    JobConfiguration configuration(@PathVariable long id) {
        jobs.get(id); // 404 for a job that does not exist
        return new JobConfiguration(id, views.ofJob(id));
    }
}
