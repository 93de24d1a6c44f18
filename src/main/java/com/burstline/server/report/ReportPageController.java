package com.burstline.server.report;

import com.burstline.server.compare.GroupBy;
import com.burstline.server.compare.InvalidSelectionException;
import com.burstline.server.compare.SelectionQuery;
import com.burstline.server.run.InvalidRunInputException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The printable report: the Markdown report's content as a page, with the comparison chart drawn in the browser. */
@Controller
class ReportPageController {
    private final Reports reports;

    ReportPageController(Reports reports) {
        this.reports = reports;
    }

    /** A bad selection shows the page with the problem in words (400), not a JSON problem a browser cannot read. */
    @GetMapping("/reports")
    String page(@RequestParam MultiValueMap<String, String> params, HttpServletRequest request,
                HttpServletResponse response, Model model) {
        String query = request.getQueryString() == null ? "" : request.getQueryString();
        model.addAttribute("apiUrl", "/api/v1/compare" + (query.isEmpty() ? "" : "?" + query));
        model.addAttribute("markdownUrl", "/api/v1/reports" + (query.isEmpty() ? "" : "?" + query));
        model.addAttribute("csvUrl", "/api/v1/export/runs.csv" + (query.isEmpty() ? "" : "?" + query));
        model.addAttribute("comparisonCsvUrl", "/api/v1/export/comparison.csv" + (query.isEmpty() ? "" : "?" + query));
        try {
            model.addAttribute("report", reports.build(SelectionQuery.parse(params, GroupBy.DRIVER), query));
        } catch (InvalidSelectionException | InvalidRunInputException e) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("problem", e.getMessage());
        }
        return "report";
    }
}
