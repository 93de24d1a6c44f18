package com.burstline.server.system;

import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.ModelAndView;

/** A failure as a page in the site's layout (templates/error.html), with the status a browser (and a test) sees. */
public final class ErrorPages {
    private ErrorPages() {
    }

    public static ModelAndView page(HttpStatus status, String title, String detail, boolean signedIn) {
        ModelAndView view = new ModelAndView("error", status);
        view.addObject("status", status.value());
        view.addObject("title", title);
        view.addObject("detail", detail);
        view.addObject("signedIn", signedIn);
        return view;
    }
}
