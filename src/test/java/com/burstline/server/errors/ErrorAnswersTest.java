package com.burstline.server.errors;

import com.burstline.server.job.JobNotFoundException;
import com.burstline.server.run.UnknownLabelException;
import com.burstline.server.storage.StorageHealth;
import com.burstline.server.system.ProblemTypes;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.http.MockHttpInputMessage;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.stereotype.Controller;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.ModelAndView;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

/** The one table's answers: statuses, causes behind Spring's wrappers, storage and readiness, pages. */
class ErrorAnswersTest {
    private final StorageHealth health = mock(StorageHealth.class);
    private final ErrorAnswers answers = new ErrorAnswers(health);

    @Test
    void aFailedReadAnswers503WithoutTurningReadinessDown() throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        ResponseEntity<?> answer = (ResponseEntity<?>) answers.answer(new DataAccessResourceFailureException(
                "Page offset exceeds Integer.MAX_VALUE"), new MockHttpServletRequest("GET", "/api/v1/runs"), response);

        assertThat(answer.getStatusCode().value()).isEqualTo(503);
        assertThat(response.getHeader("Retry-After")).isEqualTo("10");
        verify(health, never()).writeFailed();
    }

    @Test
    void aFailedWriteCountsAgainstReadiness() throws Exception {
        ResponseEntity<?> answer = (ResponseEntity<?>) answers.answer(new DataAccessResourceFailureException(
                "disk full"), new MockHttpServletRequest("POST", "/api/v1/runs"), new MockHttpServletResponse());

        assertThat(answer.getStatusCode().value()).isEqualTo(503);
        verify(health).writeFailed();
    }

    @Test
    void aConstraintViolationIsNotAStorageFailure() {
        DataIntegrityViolationException violation = new DataIntegrityViolationException("duplicate key");

        assertThatThrownBy(() -> answers.answer(violation, new MockHttpServletRequest("POST", "/api/v1/runs"),
                new MockHttpServletResponse())).isSameAs(violation);
        verify(health, never()).writeFailed();
    }

    @Test
    void anExceptionWithoutARowGoesOnToSpring() {
        IllegalStateException bug = new IllegalStateException("a bug");

        assertThatThrownBy(() -> answers.answer(bug, new MockHttpServletRequest("GET", "/api/v1/runs"),
                new MockHttpServletResponse())).isSameAs(bug);
    }

    @Test
    void aDomainExceptionInsideAnUnreadableBodyAnswersForItself() {
        UnknownLabelException unknown = new UnknownLabelException("colour", List.of("driver", "tags"));
        HttpMessageNotReadableException wrapper = new HttpMessageNotReadableException("JSON parse error",
                unknown, new MockHttpInputMessage(new byte[0]));

        ProblemDetail problem = ErrorTable.find(wrapper).orElseThrow().problem("an example");

        assertThat(problem.getType()).isEqualTo(ProblemTypes.INVALID_INPUT);
        assertThat(problem.getDetail()).contains("Unknown field 'colour'");
        assertThat(problem.getProperties()).containsEntry("knownFields", List.of("driver", "tags"));
    }

    @Test
    void anUnreadableBodySaysWhatAGoodOneLooksLike() {
        HttpMessageNotReadableException unreadable = new HttpMessageNotReadableException("not JSON",
                new MockHttpInputMessage(new byte[0]));

        ProblemDetail problem = ErrorTable.find(unreadable).orElseThrow().problem("e.g. {\"plan\": \"standard\"}");

        assertThat(problem.getStatus()).isEqualTo(400);
        assertThat(problem.getDetail()).isEqualTo("e.g. {\"plan\": \"standard\"}");
    }

    @Test
    void aPageGetsTheErrorPageWithTheSameStatusAndTitle() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/jobs/99");
        request.setAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE,
                new HandlerMethod(new APage(), APage.class.getMethod("show")));

        ModelAndView page = (ModelAndView) answers.answer(new JobNotFoundException(99), request,
                new MockHttpServletResponse());

        assertThat(page.getViewName()).isEqualTo("error");
        assertThat(page.getStatus().value()).isEqualTo(404);
        assertThat(page.getModel()).containsEntry("title", "Job not found");
    }

    /** A page controller as Spring sees one: no @ResponseBody. */
    @Controller
    static class APage {
        public String show() {
            return "page";
        }
    }
}
