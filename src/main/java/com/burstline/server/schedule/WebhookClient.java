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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * POSTs a change point as JSON to a schedule's webhook, signed with the schedule's key. The host is resolved and
 * checked once ({@link WebhookAddresses}) and the request goes over a socket connected to that very address; TLS
 * still checks the certificate against the URL's host name. Redirects are not followed (they could lead anywhere);
 * the whole post, from connecting to the answer's status line, is bounded by
 * {@code burstline.schedules.webhook-timeout}: a receiver that trickles its answer is cut at that deadline. Any 2xx
 * is success.
 */
final class WebhookClient {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "webhook-deadlines");
        thread.setDaemon(true);
        return thread;
    });

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
        AtomicBoolean cut = new AtomicBoolean();
        try (Socket socket = new Socket()) {
            // the whole post, not each read: a receiver that answers a byte at a time is cut at the deadline too
            ScheduledFuture<?> deadline = DEADLINES.schedule(() -> cut(socket, cut), millis, TimeUnit.MILLISECONDS);
            try {
                return exchange(socket, target, json, secret, millis);
            } finally {
                deadline.cancel(false);
            }
        } catch (IOException failed) {
            return "the webhook could not be reached within " + millis + " ms: " + (cut.get()
                    ? "it had not taken the post by then (the whole post has that long)"
                    : failed.getMessage() == null ? failed.getClass().getSimpleName() : failed.getMessage());
        }
    }

    private static String exchange(Socket socket, WebhookAddresses.Target target, byte[] json, String secret,
                                   int millis) throws IOException {
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
    }

    private static void cut(Socket socket, AtomicBoolean cut) {
        cut.set(true);
        try {
            socket.close(); // a read or write blocked on it ends at once with an exception
        } catch (IOException ignored) {
            // closed already
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
