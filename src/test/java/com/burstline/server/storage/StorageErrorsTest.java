package com.burstline.server.storage;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

/** Every storage failure answers 503, but only a failed write counts against readiness. */
class StorageErrorsTest {
    private final StorageHealth health = mock(StorageHealth.class);
    private final StorageErrors errors = new StorageErrors(health);

    @Test
    void aFailedReadAnswers503WithoutTurningReadinessDown() {
        var answer = errors.storageUnavailable(new DataAccessResourceFailureException("Page offset exceeds "
                + "Integer.MAX_VALUE"), new MockHttpServletRequest("GET", "/api/v1/runs"));

        assertThat(answer.getStatusCode().value()).isEqualTo(503);
        verify(health, never()).writeFailed();
    }

    @Test
    void aFailedWriteCountsAgainstReadiness() {
        var answer = errors.storageUnavailable(new DataAccessResourceFailureException("disk full"),
                new MockHttpServletRequest("POST", "/api/v1/runs"));

        assertThat(answer.getStatusCode().value()).isEqualTo(503);
        verify(health).writeFailed();
    }
}
