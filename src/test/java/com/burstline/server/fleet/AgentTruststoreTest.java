package com.burstline.server.fleet;

import com.burstline.agent.AgentProcess;
import com.burstline.agent.TestCertificates;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLHandshakeException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The second set-up: the agent's own keystore (made here with the JDK's keytool, as a team would), and the server
 * trusting agents by a truststore with the JDK's checks, host name included, instead of a pin.
 */
class AgentTruststoreTest {
    private static final String PASSWORD = "keystore-password";
    @TempDir
    Path dir;
    private HttpServer agent;

    @AfterEach
    void stop() {
        if (agent != null) {
            agent.stop(0);
        }
    }

    @Test
    void anAgentWhoseCertificateIsInTheTruststoreAndNamesItsAddressIsTrusted() throws Exception {
        Path keystore = keytoolKeystore("arm-a", "ip:127.0.0.1");
        agent = TestCertificates.httpsServerWithKeystore(keystore, PASSWORD);

        assertThat(call(truststoreOf(keystore), "127.0.0.1")).isEqualTo(204);
    }

    @Test
    void aCertificateNamingAnotherAddressOrOutsideTheTruststoreIsRefused() throws Exception {
        Path otherAddress = keytoolKeystore("arm-b", "ip:10.0.0.9");
        agent = TestCertificates.httpsServerWithKeystore(otherAddress, PASSWORD);
        AgentTrust trust = truststoreOf(otherAddress);

        assertThatThrownBy(() -> call(trust, "127.0.0.1")).isInstanceOf(SSLHandshakeException.class)
                .hasMessageContaining("127.0.0.1");
        agent.stop(0);
        agent = TestCertificates.httpsServer(dir, "self-generated");
        assertThatThrownBy(() -> call(trust, "127.0.0.1")).isInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void anUnreadableTruststoreStopsTheStartWithItsName() {
        assertThatThrownBy(() -> new AgentTrust(new AgentTrust.Settings(dir.resolve("missing.p12"), null, null)))
                .hasMessageContaining("burstline.agents.truststore " + dir.resolve("missing.p12"));
    }

    private AgentTrust truststoreOf(Path keystore) throws Exception {
        Path certificate = dir.resolve(keystore.getFileName() + ".crt");
        Path truststore = dir.resolve(keystore.getFileName() + "-trust.p12");
        keytool("-exportcert", "-alias", "agent", "-keystore", keystore.toString(), "-storepass", PASSWORD,
                "-file", certificate.toString());
        keytool("-importcert", "-noprompt", "-alias", "agent", "-file", certificate.toString(), "-keystore",
                truststore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
        return new AgentTrust(new AgentTrust.Settings(truststore, PASSWORD, null));
    }

    private Path keytoolKeystore(String name, String subjectAltName) throws Exception {
        Path keystore = dir.resolve(name + ".p12");
        keytool("-genkeypair", "-alias", "agent", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=" + name, "-ext", "san=" + subjectAltName, "-validity", "30", "-keystore", keystore.toString(),
                "-storetype", "PKCS12", "-storepass", PASSWORD);
        return keystore;
    }

    private int call(AgentTrust trust, String host) throws Exception {
        AgentView view = new AgentView("arm-a", "https://" + host + ":" + agent.getAddress().getPort(), host, "t",
                null, true, false, null, null, null, null);
        HttpClient client = HttpClient.newBuilder().sslContext(trust.context(view))
                .connectTimeout(Duration.ofSeconds(5)).build();
        return client.send(HttpRequest.newBuilder(URI.create(view.url() + "/v1/status"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static void keytool(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(AgentProcess.javaBin()).resolveSibling("keytool")
                .toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(output).isZero();
    }
}
