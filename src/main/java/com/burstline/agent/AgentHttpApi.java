package com.burstline.agent;

import com.burstline.contract.AgentProblems;
import com.burstline.contract.AgentCallVerifier;
import com.burstline.contract.Json;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The agent's own HTTP API, for its server only: every call must be signed with its server's key for this agent
 * ({@link AgentCallVerifier}; no bearer token opens anything here), every body is a small typed JSON object, and
 * every error is an RFC 9457 problem. The one exception is the delivery of the server's key to an agent that holds
 * none yet, signed with the key of the agent's secret. The endpoints themselves live in {@link AgentEndpoints}.
 */
final class AgentHttpApi {
    private static final Logger LOG = Logger.getLogger(AgentHttpApi.class.getName());
    private static final int MAX_BODY_BYTES = ConnectionLimits.MAX_BODY_BYTES;

    private final HttpServer server;
    private final ExecutorService executor = ConnectionLimits.executor();
    private final AgentCallVerifier verifier;

    /** @param tls the agent's TLS identity for HTTPS; null for plain HTTP */
    AgentHttpApi(InetSocketAddress listen, AgentCallVerifier verifier, AgentEndpoints endpoints, AgentTls tls)
            throws IOException {
        this.verifier = verifier;
        ConnectionLimits.applyToJdkServer();
        this.server = AgentListener.create(listen, 64, tls);
        server.setExecutor(executor);
        server.createContext("/v1/status", exchange -> handle(exchange, "GET", body -> endpoints.status()));
        server.createContext("/v1/iperf3-server", exchange -> handle(exchange, "POST", endpoints::startServerRole));
        server.createContext("/v1/iperf3-server/drops",
                exchange -> handle(exchange, "POST", endpoints::serverRoleDrops));
        server.createContext("/v1/scenarios/cancel", exchange -> handle(exchange, "POST", endpoints::cancel));
        server.createContext("/v1/scenarios", exchange -> handle(exchange, "POST", endpoints::startScenario));
        server.createContext(SERVER_KEY_PATH, exchange -> handle(exchange, "POST", endpoints::pinServerKey));
        server.createContext("/v1/host-config", exchange -> handle(exchange, "POST", endpoints::hostConfig));
    }

    /** Where a server delivers its signing key to an agent that enrolled before protocol v2 (once, signed v1). */
    static final String SERVER_KEY_PATH = "/v1/server-key";

    void start() {
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    void stop() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange, String method, Endpoint endpoint) throws IOException {
        try {
            boolean delivery = SERVER_KEY_PATH.equals(exchange.getRequestURI().getPath())
                    && verifier.awaitsServerKey();
            AgentCallVerifier.Refusal refusal = delivery ? null
                    : verifier.headerRefusal(exchange.getRequestHeaders()::getFirst);
            byte[] raw = refusal == null ? readBody(exchange) : null;
            if (refusal == null) {
                refusal = delivery ? verifier.deliveryRefusal(exchange.getRequestMethod(), target(exchange), raw,
                        exchange.getRequestHeaders()::getFirst)
                        : verifier.refusal(exchange.getRequestMethod(), target(exchange), raw,
                        exchange.getRequestHeaders()::getFirst);
            }
            if (refusal != null) {
                if (raw == null) {
                    closeAfterAnswer(exchange);
                }
                refuse(exchange, refusal);
            } else if (!method.equals(exchange.getRequestMethod())) {
                problem(exchange, 405, "Use " + method + " here.");
            } else {
                if ("POST".equals(method)) {
                    LOG.info("The server asks: POST " + exchange.getRequestURI().getPath());
                }
                Map<String, Object> body = "POST".equals(method) ? Json.parseObject(raw) : Map.of();
                EndpointResult result = endpoint.handle(body);
                respond(exchange, result.status(), result.body());
            }
        } catch (BodyTooLargeException tooLarge) {
            closeAfterAnswer(exchange);
            problem(exchange, 413, tooLarge.getMessage());
        } catch (IllegalArgumentException bad) { // InvalidMessageException among them
            problem(exchange, 400, bad.getMessage());
        } catch (AllowedPeers.PeerNotAllowedException notAllowed) {
            problem(exchange, 403, notAllowed.getMessage());
        } catch (AgentBusyException busy) {
            problem(exchange, 409, busy.getMessage());
        } catch (PortInUseException taken) {
            problem(exchange, AgentProblems.PORT_IN_USE, 409, "Port in use", taken.getMessage());
        } catch (ServerRoleDrops.Unavailable unavailable) {
            problem(exchange, unavailable.status(), unavailable.getMessage());
        } catch (AgentEndpoints.KeyConflictException conflict) {
            problem(exchange, 409, "Another server key", conflict.getMessage());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Request to " + exchange.getRequestURI() + " failed", e);
            problem(exchange, 500, "The agent could not do this: " + e.getMessage());
        } finally {
            exchange.close();
        }
    }

    /**
     * For an answer given before the request's body was read: the connection ends with it. Over HTTPS the JDK's
     * server left such a connection where the caller's next request on it could wait unanswered until its timeout
     * (docs/agent-protocol.md); an unauthenticated caller's body is not read to spare it.
     */
    private static void closeAfterAnswer(HttpExchange exchange) {
        exchange.getResponseHeaders().set("Connection", "close");
    }

    private static void refuse(HttpExchange exchange, AgentCallVerifier.Refusal refusal) throws IOException {
        LOG.warning("Refused " + exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath() + " from "
                + exchange.getRemoteAddress().getAddress().getHostAddress() + ": " + refusal.detail());
        if (refusal.status() == 401) {
            exchange.getResponseHeaders().add("WWW-Authenticate", "Burstline-Signature realm=\"burstline-agent\"");
        }
        problem(exchange, refusal.status(), refusal.detail());
    }

    /** The path and query as sent, which is what the server signed. */
    private static String target(HttpExchange exchange) {
        String query = exchange.getRequestURI().getRawQuery();
        return exchange.getRequestURI().getRawPath() + (query == null ? "" : "?" + query);
    }

    /** A declared length past the limit is refused before a byte of it is read; a chunked body at the limit. */
    private static byte[] readBody(HttpExchange exchange) throws IOException {
        String declared = exchange.getRequestHeaders().getFirst("Content-Length");
        if (declared != null && Long.parseLong(declared.strip()) > MAX_BODY_BYTES) { // the JDK checked it is a number
            throw new BodyTooLargeException(MAX_BODY_BYTES);
        }
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
            if (body.length > MAX_BODY_BYTES) {
                throw new BodyTooLargeException(MAX_BODY_BYTES);
            }
            return body;
        }
    }

    /** A body past the agent's limit: 413. */
    private static final class BodyTooLargeException extends RuntimeException {
        BodyTooLargeException(int limit) {
            super("the body is larger than " + limit + " bytes, this agent's limit");
        }
    }

    private static void problem(HttpExchange exchange, int status, String detail) throws IOException {
        problem(exchange, status, switch (status) {
            case 409 -> "Busy";
            case 404 -> "Not found";
            case 401 -> "Unauthorized";
            case 403 -> "Peer not allowed";
            case 413 -> "Body too large";
            case 503 -> "Unavailable";
            default -> "Request failed";
        }, detail);
    }

    private static void problem(HttpExchange exchange, int status, String title, String detail) throws IOException {
        problem(exchange, String.valueOf(status), status, title, detail);
    }

    private static void problem(HttpExchange exchange, String type, int status, String title, String detail)
            throws IOException {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", AgentProblems.TYPE_PREFIX + type);
        problem.put("title", title);
        problem.put("status", status);
        problem.put("detail", detail);
        send(exchange, status, "application/problem+json", Json.write(problem));
    }

    private static void respond(HttpExchange exchange, int status, Map<String, Object> body) throws IOException {
        if (body == null) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        send(exchange, status, "application/json", Json.write(body));
    }

    private static void send(HttpExchange exchange, int status, String type, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @FunctionalInterface
    interface Endpoint {
        EndpointResult handle(Map<String, Object> body);
    }

    /** A status and a JSON body (null for none). */
    record EndpointResult(int status, Map<String, Object> body) {
    }
}
