package com.burstline.server.system;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.coyote.http11.Http11NioProtocol;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

class ShutdownRefusalsTest {
    private final Request request = mock(Request.class);
    private final Response response = mock(Response.class);
    private final Http11NioProtocol protocol = mock(Http11NioProtocol.class);
    private final Valve next = mock(Valve.class);
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private final ShutdownRefusals valve = new ShutdownRefusals();

    @BeforeEach
    void aConnectorAndAnAnswer() throws Exception {
        Connector connector = mock(Connector.class);
        when(request.getConnector()).thenReturn(connector);
        when(connector.getProtocolHandler()).thenReturn(protocol);
        when(response.getOutputStream()).thenReturn(new ServletOutputStream() {
            @Override
            public void write(int b) {
                written.write(b);
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
            }
        });
        valve.setNext(next);
    }

    @Test
    void whatThePausedConnectorRefusedIsA503ProblemNotTomcatsPage() throws Exception {
        when(protocol.isPaused()).thenReturn(true);
        when(response.isError()).thenReturn(true); // Tomcat's 400 for the headers it never read

        valve.invoke(request, response);

        verify(response).setStatus(503);
        verify(response).setHeader("Retry-After", "1");
        verify(response).setContentType("application/problem+json");
        verify(next, never()).invoke(request, response);
        assertThat(written.toString(StandardCharsets.UTF_8))
                .contains("\"type\":\"urn:burstline:problem:shutting-down\"", "\"status\":503");
    }

    @Test
    void requestsStillServedDuringTheShutdownGoOn() throws Exception {
        when(protocol.isPaused()).thenReturn(true);

        valve.invoke(request, response);

        verify(next).invoke(request, response);
        verify(response, never()).setStatus(503);
    }

    @Test
    void aBadRequestWhileRunningStaysTomcatsOwnAnswer() throws Exception {
        when(response.isError()).thenReturn(true);

        valve.invoke(request, response);

        verify(next).invoke(request, response);
        verify(response, never()).setStatus(503);
    }
}
