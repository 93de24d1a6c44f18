package com.burstline.server.web;

import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.LabelPatch;
import com.burstline.server.run.RunsRelabelled;
import com.burstline.server.run.SelectionLabels;
import com.burstline.server.run.RunPage;
import com.burstline.server.run.RunLabelEditor;
import com.burstline.server.run.RunQueries;
import com.burstline.server.run.RunSummary;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import java.security.Principal;

/** The runs list, one run's page, and deleting a run. */
@Controller
class RunPagesController {
    static final int DEFAULT_PAGE_SIZE = 20;

    private final RunQueries queries;
    private final RunLabelEditor labels;

    RunPagesController(RunQueries queries, RunLabelEditor labels) {
        this.queries = queries;
        this.labels = labels;
    }

    @GetMapping("/")
    String home() {
        return "redirect:/runs";
    }

    /** A bad filter value is the user's typo: the list page says what is wrong, with the form still filled in. */
    @GetMapping("/runs")
    ModelAndView list(@ModelAttribute("query") RunListQuery query, @RequestParam(defaultValue = "0") int page,
                      @RequestParam(defaultValue = "" + DEFAULT_PAGE_SIZE) int size, HttpServletRequest request) {
        ModelAndView view = new ModelAndView("runs/list");
        view.addObject("filtered", query.isFiltered());
        String selection = query.selection();
        view.addObject("selectionQuery", selection.isEmpty() ? "" : "?" + selection);
        view.addObject("compareQuery", query.compareSelection());
        // The empty list's curl example names this server, as the browser reached it.
        view.addObject("apiBase", ServletUriComponentsBuilder.fromContextPath(request).toUriString());
        try {
            RunPage runs = queries.list(query.toFilter(), page, size);
            view.addObject("runs", runs.content());
            view.addObject("pager", Pager.of(runs.page(), request.getQueryString()));
        } catch (InvalidRunInputException invalid) {
            view.addObject("problem", invalid.getMessage());
            view.setStatus(HttpStatus.BAD_REQUEST);
        }
        return view;
    }

    /**
     * The runs list's "Relabel these runs…" form: every run the filter shows, on every page, in one step. The
     * outcome or the problem comes back as a notice on the same filtered list, with the fields as typed.
     */
    @PostMapping("/runs/labels")
    String relabelSelection(@ModelAttribute("query") RunListQuery query,
                            @RequestParam(defaultValue = "") String newDriver,
                            @RequestParam(defaultValue = "") String newInstanceType,
                            @RequestParam(defaultValue = "") String newTags, @RequestParam long shown,
                            Principal principal,
                            RedirectAttributes redirect) {
        String list = "redirect:/runs" + (query.selection().isEmpty() ? "" : "?" + query.selection());
        try {
            if (!query.isFiltered()) {
                throw new InvalidRunInputException("Filter the list first: only the runs a filter shows are "
                        + "relabelled together.");
            }
            LabelPatch patch = SelectionLabels.fromForm(newDriver, newInstanceType, newTags);
            if (patch.changes().isEmpty()) {
                throw new InvalidRunInputException("Fill in a driver, an instance type or tags: empty fields "
                        + "change nothing.");
            }
            RunsRelabelled done = labels.relabelShown(query.toFilter(), shown, patch, principal.getName());
            redirect.addFlashAttribute("message", RelabelNotice.of(done));
        } catch (InvalidRunInputException invalid) {
            redirect.addFlashAttribute("relabelProblem", "The runs were not relabelled: " + invalid.getMessage());
            redirect.addFlashAttribute("relabel", new RelabelFields(newDriver, newInstanceType, newTags));
        }
        return list;
    }

    /** What the relabel form held, so a refused relabel comes back as it was typed. */
    record RelabelFields(String driver, String instanceType, String tags) {
    }

    @GetMapping("/runs/{id}")
    String show(@PathVariable long id, Model model) {
        RunSummary run = queries.get(id);
        return showRun(run, model, LabelForm.of(run));
    }

    /** A bad value comes back on the form as it was typed, with the problem in words. */
    @PostMapping("/runs/{id}/labels")
    String relabel(@PathVariable long id, @ModelAttribute LabelForm form, Principal principal, Model model,
                   HttpServletResponse response, RedirectAttributes redirect) {
        RunSummary run = queries.get(id);
        try {
            labels.relabel(id, form.toPatch(run), principal.getName());
        } catch (InvalidRunInputException invalid) {
            model.addAttribute("labelProblem", invalid.getMessage());
            response.setStatus(HttpStatus.BAD_REQUEST.value());
            return showRun(run, model, form);
        }
        redirect.addFlashAttribute("message", "The labels of run " + id + " were saved; the label history lists "
                + "the change.");
        return "redirect:/runs/" + id;
    }

    private String showRun(RunSummary run, Model model, LabelForm form) {
        model.addAttribute("run", run);
        model.addAttribute("notes", queries.notes(run.id()));
        model.addAttribute("labelForm", form);
        model.addAttribute("history", labels.history(run.id()));
        return "runs/show";
    }

    @PostMapping("/runs/{id}/delete")
    String delete(@PathVariable long id, RedirectAttributes redirect) {
        queries.delete(id);
        redirect.addFlashAttribute("message", "Run " + id + " was deleted with its intervals and raw output.");
        return "redirect:/runs";
    }
}
