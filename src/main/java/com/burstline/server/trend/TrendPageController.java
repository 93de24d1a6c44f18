package com.burstline.server.trend;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/** The trends page: its script draws what {@code /api/v1/trends} answers for the page's own query string. */
@Controller
class TrendPageController {

    @GetMapping("/trends")
    String page(HttpServletRequest request, Model model) {
        String query = request.getQueryString();
        model.addAttribute("apiUrl", "/api/v1/trends" + (query == null ? "" : "?" + query));
        model.addAttribute("menu", "trends");
        return "trends";
    }
}
