package com.burstline.server.compare;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The compare page: the selection lives in the query string (shareable), and the page script draws the chart and the
 * table from {@code /api/v1/compare} with the very same query, so the page shows exactly what the API answers.
 */
@Controller
class ComparePageController {

    @GetMapping("/compare")
    String page(HttpServletRequest request, Model model) {
        String query = request.getQueryString();
        model.addAttribute("apiUrl", "/api/v1/compare" + (query == null ? "" : "?" + query));
        model.addAttribute("reportUrl", "/reports" + (query == null ? "" : "?" + query));
        model.addAttribute("markdownUrl", "/api/v1/reports" + (query == null ? "" : "?" + query));
        model.addAttribute("csvUrl", "/api/v1/export/runs.csv" + (query == null ? "" : "?" + query));
        model.addAttribute("comparisonCsvUrl", "/api/v1/export/comparison.csv" + (query == null ? "" : "?" + query));
        model.addAttribute("intervalsCsvUrl", "/api/v1/export/intervals.csv" + (query == null ? "" : "?" + query));
        model.addAttribute("menu", "compare");
        return "compare";
    }
}
