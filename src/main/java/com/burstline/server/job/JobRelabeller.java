package com.burstline.server.job;

import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.job.planning.Problem;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.job.planning.JobRules;
import com.burstline.server.run.InvalidLabelsException;
import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.LabelPatch;
import com.burstline.server.run.RunLabelEditor;
import com.burstline.server.run.SelectionLabels;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code PATCH /api/v1/jobs/{id}/labels}: a JSON merge patch of {@code driver}, {@code instanceType} and
 * {@code tags} for the job and every run it stored, each run's change kept in its history as an edit of that run
 * would be. For drivers a host cannot tell apart: label a whole job in one step, not run by run.
 */
@Service
class JobRelabeller {
    private final JobStore store;
    private final RunLabelEditor runs;

    JobRelabeller(JobStore store, RunLabelEditor runs) {
        this.store = store;
        this.runs = runs;
    }

    JobView relabel(long jobId, JsonNode body, String changedBy) {
        return relabel(jobId, changes(body), changedBy);
    }

    /**
     * The job page's form: the tags as typed; an empty driver or instance type is left as it is, so that labelling
     * a job's tags never wipes the drivers its agents read.
     */
    JobView relabel(long jobId, JobLabels labels, String changedBy) {
        Map<String, Object> changes = new HashMap<>();
        if (labels.driver() != null) {
            changes.put("driver", labels.driver());
        }
        if (labels.instanceType() != null) {
            changes.put("instanceType", labels.instanceType());
        }
        changes.put("tags", labels.tags().stream().map(String::strip).filter(tag -> !tag.isEmpty()).toList());
        return relabel(jobId, changes, changedBy);
    }

    private JobView relabel(long jobId, Map<String, Object> changes, String changedBy) {
        try {
            return store.relabel(jobId, labels -> JobRules.checkLabels(edited(labels, changes)),
                    () -> runs.relabelJob(jobId, new LabelPatch(changes), changedBy));
        } catch (InvalidRunInputException refusedByARun) {
            throw new InvalidJobException(refusedByARun.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    private static JobLabels edited(JobLabels labels, Map<String, Object> changes) {
        return new JobLabels(
                changes.containsKey("driver") ? (String) changes.get("driver") : labels.driver(),
                changes.containsKey("instanceType") ? (String) changes.get("instanceType") : labels.instanceType(),
                changes.containsKey("tags") ? (List<String>) changes.get("tags") : labels.tags());
    }

    /** The body's fields as a {@link LabelPatch} takes them; every field at fault is named. */
    private static Map<String, Object> changes(JsonNode body) {
        try {
            return SelectionLabels.fromJson(body, "a whole job").changes();
        } catch (InvalidLabelsException invalid) {
            throw new InvalidJobException(invalid.problems().stream().map(Problem::of).toList());
        }
    }
}
