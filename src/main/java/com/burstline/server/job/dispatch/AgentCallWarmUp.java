package com.burstline.server.job.dispatch;

import com.burstline.contract.HostConfigRequest;
import com.burstline.contract.Json;
import com.burstline.server.fleet.AgentTrust;
import com.burstline.server.fleet.AgentsTls;
import com.burstline.server.fleet.ServerSigningKey;
import com.burstline.server.system.WarmUp;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The client side of a call to an agent, warmed on the server's own HTTPS listener for agents: a signature with the
 * server's key, then the JDK's HTTP client with a pinned TLS context ({@link AgentTrust#pinned}, as
 * {@link AgentClient} makes one per agent) and its handshake, for the listener's open sign-in page, whose answer is
 * not read. A fresh server's first scenario spent about half a second in its first calls' TLS before any agent saw
 * them. No agent is called; the listener off, only the signature is warmed.
 */
@Component
class AgentCallWarmUp implements WarmUp {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final AgentsTls listener;
    private final ServerSigningKey signingKey;
    private final String address;

    AgentCallWarmUp(AgentsTls listener, ServerSigningKey signingKey, @Value("${server.address:}") String address) {
        this.listener = listener;
        this.signingKey = signingKey;
        this.address = address;
    }

    @Override
    public String name() {
        return "calls to agents";
    }

    @Override
    public void warmUp() throws IOException, InterruptedException {
        byte[] body = Json.write(new HostConfigRequest("192.0.2.1").toJson()).getBytes(StandardCharsets.UTF_8);
        signingKey.sign("warm-up", "POST", "/v1/host-config", body);
        if (!listener.enabled() || listener.port() < 0) {
            return;
        }
        HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
                .sslContext(AgentTrust.pinned("this server", listener.fingerprint())).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("https://" + host() + ":" + listener.port() + "/login"))
                .timeout(TIMEOUT).GET().build();
        client.send(request, HttpResponse.BodyHandlers.discarding());
    }

    /** The listener's own address; a wildcard one (or none) is reached on the loopback. */
    private String host() {
        if (address.isBlank() || address.equals("0.0.0.0") || address.equals("::") || address.equals("[::]")) {
            return "127.0.0.1";
        }
        return address.contains(":") && !address.startsWith("[") ? "[" + address + "]" : address;
    }
}
