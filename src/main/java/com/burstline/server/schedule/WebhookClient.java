package com.burstline.server.schedule;

import tools.jackson.databind.json.JsonMapper;

import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * POSTs a change point as JSON to a schedule's webhook, signed with the schedule's key. The host is resolved and
 * checked once ({@link WebhookAddresses}) and the request goes over a socket connected to that very address; TLS
 * still checks the certificate against the URL's host name. Redirects are not followed (they could lead anywhere);
 * connecting and each read of the answer are bounded by {@code burstline.schedules.webhook-timeout}. Any 2xx is
 * success.
 */
final class WebhookClient {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final WebhookAddresses addresses;
    private final Duration timeout;

    WebhookClient(WebhookAddresses addresses, Duration timeout) {
        this.addresses = addresses;
        this.timeout = timeout;
    }

    /** Null when the webhook took it, else why not, in words. */
    String post(String url, String secret, Object body) {
        WebhookAddresses.Target target;
        try {
            target = addresses.resolve(URI.create(url));
        } catch (WebhookAddresses.Refused refused) {
            return "not sent: " + refused.getMessage();
        }
        byte[] json = JSON.writeValueAsBytes(body);
        int millis = (int) timeout.toMillis();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(target.address(), target.port()), millis);
            socket.setSoTimeout(millis);
            Socket channel = "https".equals(target.url().getScheme()) ? tls(socket, target) : socket;
            OutputStream out = channel.getOutputStream();
            out.write(head(target, json.length, WebhookSignature.header(secret, json)));
            out.write(json);
            out.flush();
            String status = new BufferedReader(new InputStreamReader(channel.getInputStream(),
                    StandardCharsets.ISO_8859_1)).readLine();
            int code = statusCode(status);
            return code / 100 == 2 ? null : code < 0 ? "the webhook did not answer in HTTP"
                    : "the webhook answered HTTP " + code;
        } catch (IOException failed) {
            return "the webhook could not be reached within " + millis + " ms: "
                    + (failed.getMessage() == null ? failed.getClass().getSimpleName() : failed.getMessage());
        }
    }

    private static byte[] head(WebhookAddresses.Target target, int length, String signature) {
        URI url = target.url();
        String path = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        String host = url.getPort() > 0 ? url.getHost() + ":" + url.getPort() : url.getHost();
        return ("POST " + path + " HTTP/1.1\r\n"
                + "Host: " + host + "\r\n"
                + "User-Agent: Burstline\r\n"
                + "Content-Type: application/json\r\n"
                + "Content-Length: " + length + "\r\n"
                + WebhookSignature.HEADER + ": " + signature + "\r\n"
                + "Connection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Socket tls(Socket connected, WebhookAddresses.Target target) throws IOException {
        String host = target.url().getHost();
        SSLSocket socket = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault())
                .createSocket(connected, host, target.port(), true);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        if (!host.startsWith("[") && !Character.isDigit(host.charAt(host.length() - 1))) {
            parameters.setServerNames(List.of(new SNIHostName(host)));
        }
        socket.setSSLParameters(parameters);
        socket.startHandshake();
        return socket;
    }

    /** "HTTP/1.1 204 No Content" → 204; -1 for anything else. */
    private static int statusCode(String line) {
        if (line == null || !line.startsWith("HTTP/1.") || line.length() < 12) {
            return -1;
        }
        try {
            return Integer.parseInt(line.substring(9, 12));
        } catch (NumberFormatException notHttp) {
            return -1;
        }
    }
}
