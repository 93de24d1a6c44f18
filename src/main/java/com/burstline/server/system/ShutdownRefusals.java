package com.burstline.server.system;

import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.AbstractProtocol;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * What a client hears from a server that is shutting down: 503, try again. When a request's first line arrives on a
 * kept-alive connection just as graceful shutdown pauses the connector, Tomcat answers 503 without reading the
 * headers, then checks those unread headers, finds no Host and makes it 400 "Bad Request": a valid upload would be
 * taken for a bad one and never sent again. This valve comes first in the engine, so whatever the paused connector
 * refused on its own reaches the client as a 503 problem, before Tomcat's HTML error page is drawn.
 */
@Component
class ShutdownRefusals extends ValveBase implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> {
    static final String BODY = """
            {"type":"%s","title":"Shutting down","status":503,\
            "detail":"The server is shutting down; send the request again in a moment."}"""
            .formatted(ProblemTypes.SHUTTING_DOWN);

    ShutdownRefusals() {
        super(true);
    }

    @Override
    public void customize(ConfigurableTomcatWebServerFactory factory) {
        factory.addEngineValves(this);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        if (response.isError() && paused(request)) {
            refuse(response);
            return;
        }
        getNext().invoke(request, response);
    }

    private static boolean paused(Request request) {
        return request.getConnector().getProtocolHandler() instanceof AbstractProtocol<?> protocol
                && protocol.isPaused();
    }

    private static void refuse(Response response) throws IOException {
        response.setStatus(HttpStatus.SERVICE_UNAVAILABLE.value());
        response.setHeader("Retry-After", "1");
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
