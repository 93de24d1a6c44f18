package com.burstline.server.schedule;

import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.fleet.AgentView;
import org.springframework.stereotype.Controller;
import org.springframework.security.core.Authentication;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import java.util.List;

/** The Schedules page (list and, for operators, the form), one schedule with its history, and its buttons. */
@Controller
class SchedulePagesController {
    private final ScheduleService schedules;
    private final AgentRegistry agents;

    SchedulePagesController(ScheduleService schedules, AgentRegistry agents) {
        this.schedules = schedules;
        this.agents = agents;
    }

    @GetMapping("/schedules")
    String list(Model model) {
        List<String> names = agents.list().stream().map(AgentView::name).toList();
        return showList(model, ScheduleForm.empty(names.isEmpty() ? "arm-a" : names.get(0),
                names.size() < 2 ? "arm-b" : names.get(1)));
    }

    /** Problems come back on the form, filled in as it was sent, so nothing typed is lost. */
    @PostMapping("/schedules")
    String create(@ModelAttribute("form") ScheduleForm form, Model model, RedirectAttributes redirect) {
        try {
            ScheduleView created = schedules.create(form.toRequest());
            redirect.addFlashAttribute("message", "Schedule '" + created.name() + "' was created.");
            if (created.notifyUrl() != null) {
                redirect.addFlashAttribute("webhookSecret", created.webhookSecret());
            }
            return "redirect:/schedules/" + created.id();
        } catch (InvalidScheduleException invalid) {
            model.addAttribute("problems", invalid.problems());
        } catch (ScheduleNameTakenException taken) {
            model.addAttribute("problems", List.of(taken.getMessage()));
        }
        return showList(model, form);
    }

    @GetMapping("/schedules/{id}")
    String show(@PathVariable long id, Model model, Authentication caller) {
        ScheduleView schedule = ScheduleApiController.shownTo(caller, schedules.get(id));
        model.addAttribute("schedule", schedule);
        model.addAttribute("template", Templates.pretty(schedule.jobTemplate()));
        model.addAttribute("history", schedules.history(id, 100));
        model.addAttribute("menu", "schedules");
        return "schedules/show";
    }

    @PostMapping("/schedules/{id}/pause")
    String pause(@PathVariable long id, RedirectAttributes redirect) {
        schedules.pause(id);
        redirect.addFlashAttribute("message", "Paused: no jobs start until it is resumed.");
        return "redirect:/schedules/" + id;
    }

    @PostMapping("/schedules/{id}/resume")
    String resume(@PathVariable long id, RedirectAttributes redirect) {
        ScheduleView resumed = schedules.resume(id);
        redirect.addFlashAttribute("message", "Resumed: the next run is at " + resumed.nextRunInZone() + ".");
        return "redirect:/schedules/" + id;
    }

    @PostMapping("/schedules/{id}/delete")
    String delete(@PathVariable long id, RedirectAttributes redirect) {
        String name = schedules.get(id).name();
        schedules.delete(id);
        redirect.addFlashAttribute("message", "Schedule '" + name + "' was deleted; its jobs stay.");
        return "redirect:/schedules";
    }


    private String showList(Model model, ScheduleForm form) {
        model.addAttribute("schedules", schedules.list());
        model.addAttribute("form", form);
        model.addAttribute("agentNames", agents.list().stream().map(AgentView::name).toList());
        model.addAttribute("menu", "schedules");
        return "schedules/list";
    }
}
