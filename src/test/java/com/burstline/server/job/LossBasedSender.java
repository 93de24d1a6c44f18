package com.burstline.server.job;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Cubic, a loss-based congestion control, in a lab's namespaces, whatever the host's default: the bufferbloat case is
 * a sender that fills the queue until it drops. BBR (this machine's and the CI machines' default, which new
 * namespaces inherit) paces at the bottleneck's rate and keeps a tbf's deep queue near empty. Cubic must be
 * available (built in or loaded); it is added to the host's allowed list for the lab's run and the list is put back as
 * it was when the lab closes.
 */
final class LossBasedSender implements AutoCloseable {
    private static final String ALLOWED = "net.ipv4.tcp_allowed_congestion_control";
    private static final String DEFAULT = "net.ipv4.tcp_congestion_control";
    static final String CUBIC = "cubic";

    private final String allowedBefore;

    private LossBasedSender(String allowedBefore) {
        this.allowedBefore = allowedBefore;
    }

    /** Sets cubic as the default congestion control in each namespace, and checks that each now says so. */
    static LossBasedSender in(List<String> namespaces) throws IOException, InterruptedException {
        String available = run(List.of("sysctl", "-n", "net.ipv4.tcp_available_congestion_control"));
        if (!List.of(available.split("\\s+")).contains(CUBIC)) {
            throw new IllegalStateException("this kernel has no cubic congestion control (available: " + available
                    + "); load tcp_cubic");
        }
        String allowed = run(List.of("sysctl", "-n", ALLOWED));
        boolean add = !List.of(allowed.split("\\s+")).contains(CUBIC);
        if (add) {
            run(List.of("sysctl", "-w", ALLOWED + "=" + allowed + " " + CUBIC));
        }
        LossBasedSender sender = new LossBasedSender(add ? allowed : null);
        for (String namespace : namespaces) {
            run(List.of("ip", "netns", "exec", namespace, "sysctl", "-w", DEFAULT + "=" + CUBIC));
            String now = run(List.of("ip", "netns", "exec", namespace, "sysctl", "-n", DEFAULT));
            if (!CUBIC.equals(now)) {
                sender.close();
                throw new IllegalStateException(namespace + " still sends with " + now + ", not " + CUBIC);
            }
        }
        return sender;
    }

    /** The host's allowed list as it was; the namespaces' own setting goes with them. */
    @Override
    public void close() throws IOException, InterruptedException {
        if (allowedBefore != null) {
            run(List.of("sysctl", "-w", ALLOWED + "=" + allowedBefore));
        }
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }
}
