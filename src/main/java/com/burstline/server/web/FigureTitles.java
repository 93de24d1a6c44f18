package com.burstline.server.web;

import com.burstline.server.run.FigureText;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * Gives every page's figures their exact titles (templates/fragments/figure.html): {@code ${exact.of(value, unit)}},
 * written by the server's {@link FigureText}, as the words beside them are.
 */
@ControllerAdvice(annotations = Controller.class)
class FigureTitles {
    private static final Titles TITLES = new Titles();

    @ModelAttribute("exact")
    Titles exact() {
        return TITLES;
    }

    /** The one method templates call. */
    public static final class Titles {
        public String of(Number value, String unit) {
            return FigureText.exact(value, unit);
        }
    }
}
