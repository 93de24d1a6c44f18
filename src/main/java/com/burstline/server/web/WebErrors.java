package com.burstline.server.web;

import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RunNotFoundException;
import com.burstline.server.system.ErrorPages;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;


/**
 * The dashboard's failures as pages in the site's layout, with the status a browser (and a test) can check. Only for
 * this package: the REST API answers with problem details of its own.
 */
@ControllerAdvice(basePackageClasses = WebErrors.class)
class WebErrors {

    @ExceptionHandler(RunNotFoundException.class)
    ModelAndView notFound(RunNotFoundException error, HttpServletRequest request) {
        return errorPage(HttpStatus.NOT_FOUND, "Run not found", error.getMessage(), request);
    }

    @ExceptionHandler(InvalidRunInputException.class)
    ModelAndView invalidInput(InvalidRunInputException error, HttpServletRequest request) {
        return errorPage(HttpStatus.BAD_REQUEST, "Invalid input", error.getMessage(), request);
    }

    private static ModelAndView errorPage(HttpStatus status, String title, String detail,
                                          HttpServletRequest request) {
        return ErrorPages.page(status, title, detail, request.getUserPrincipal() != null);
    }
}
