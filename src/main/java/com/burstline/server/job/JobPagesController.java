package com.burstline.server.job;

import com.burstline.server.catalog.InstanceCatalog;
import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.run.RunQueries;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import java.security.Principal;
import java.util.List;

/**
 * The jobs pages: the list, the "New job" form, one job with its live chart, and cancelling, running again and
 * relabelling from that page.
 */
@Controller
class JobPagesController {
    private final JobService jobs;
    private final AgentRegistry agents;
    private final InstanceCatalog catalog;
    private final RunQueries runs;
    private final JobRelabeller relabeller;
    private final JobHosts hosts;

    JobPagesController(JobService jobs, AgentRegistry agents, InstanceCatalog catalog, RunQueries runs,
                       JobRelabeller relabeller, JobHosts hosts) {
        this.hosts = hosts;
        this.jobs = jobs;
        this.relabeller = relabeller;
        this.agents = agents;
        this.catalog = catalog;
        this.runs = runs;
    }

    @GetMapping("/jobs")
    String list(Model model) {
        model.addAttribute("jobs", jobs.list(100));
        return "jobs/list";
    }

    @GetMapping("/jobs/new")
    String form(Model model) {
        return showForm(model, JobForm.empty());
    }

    /** Problems come back on the form, filled in as it was sent, so nothing typed is lost. */
    @PostMapping("/jobs/new")
    String create(@ModelAttribute("form") JobForm form, Model model) {
        try {
            return "redirect:/jobs/" + jobs.create(form.toRequest()).id();
        } catch (InvalidJobException invalid) {
            model.addAttribute("problems", form.inFormWords(invalid.details()));
            return showForm(model, form);
        }
    }

    /** The live chart's limit lines: the SUT's instance type in the catalog, as its runs will be judged. */
    @GetMapping("/jobs/{id}")
    String show(@PathVariable long id, Model model) {
        JobView job = jobs.get(id);
        model.addAttribute("job", job);
        List<Long> runIds = job.scenarios().stream().map(ScenarioView::runId).filter(java.util.Objects::nonNull)
                .toList();
        model.addAttribute("partialRuns", runs.partialAmong(runIds));
        model.addAttribute("hosts", hosts.of(job, runs.byIds(runIds)));
        model.addAttribute("limits", agents.find(job.sut()).map(AgentView::instanceType).flatMap(catalog::find)
                .orElse(null));
        return "jobs/show";
    }

    @PostMapping("/jobs/{id}/cancel")
    String cancel(@PathVariable long id, RedirectAttributes redirect) {
        try {
            jobs.cancel(id);
            redirect.addFlashAttribute("message", "Job " + id + " was cancelled.");
        } catch (JobFinishedException finished) {
            redirect.addFlashAttribute("message", finished.getMessage());
        }
        return "redirect:/jobs/" + id;
    }

    /** The job page's labels form: the job and every run it stored; a bad value comes back as a notice. */
    @PostMapping("/jobs/{id}/labels")
    String relabel(@PathVariable long id, @RequestParam(defaultValue = "") String driver,
                   @RequestParam(defaultValue = "") String instanceType, @RequestParam(defaultValue = "") String tags,
                   Principal principal, RedirectAttributes redirect) {
        try {
            relabeller.relabel(id, new JobLabels(driver, instanceType, List.of(tags.split(","))),
                    principal.getName());
            redirect.addFlashAttribute("message", "The labels of job " + id + " and of every run it stored were "
                    + "saved; each run's label history lists the change.");
        } catch (InvalidJobException invalid) {
            redirect.addFlashAttribute("message", "The labels were not saved: " + String.join("; ",
                    invalid.problems()));
        }
        return "redirect:/jobs/" + id;
    }

    /** A gone agent makes the new request invalid: the old job's page says so instead. */
    @PostMapping("/jobs/{id}/rerun")
    String rerun(@PathVariable long id, RedirectAttributes redirect) {
        try {
            return "redirect:/jobs/" + jobs.rerun(id).id();
        } catch (InvalidJobException invalid) {
            redirect.addFlashAttribute("message", "This job cannot run again: " + String.join("; ",
                    invalid.problems()));
            return "redirect:/jobs/" + id;
        }
    }

    private String showForm(Model model, JobForm form) {
        model.addAttribute("form", form);
        model.addAttribute("standardRows", PlanRow.standard());
        model.addAttribute("probeRow", PlanRow.burstProbe());
        model.addAttribute("agents", agents.list().stream().filter(AgentView::online).toList());
        return "jobs/new";
    }
}
