package com.burstline.agent;

import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.ServerSigningKeys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.logging.Logger;

/**
 * The public half of the server's signing key, which this agent obeys calls signed with: pinned when the agent
 * enrolled (the enrollment's answer carries it), or, for an agent that enrolled before protocol v2, when its server
 * delivered it once over the agent's own HTTPS listener. Kept as {@code <spool>/<name>.server-key}, owner-only like
 * the agent's secret beside it, so a restarted agent obeys the same server.
 */
final class ServerKey {
    private static final Logger LOG = Logger.getLogger(ServerKey.class.getName());

    private final Path file;
    private volatile PublicKey key;

    ServerKey(Path spool, String agentName) throws IOException {
        this.file = spool.resolve(agentName + ".server-key");
        this.key = Files.isRegularFile(file) ? read(file) : null;
    }

    /** Null while the agent holds no key of its server. */
    PublicKey value() {
        return key;
    }

    /** The pinned key's fingerprint, which heartbeats report; null while none is pinned. */
    String fingerprint() {
        PublicKey pinned = key;
        return pinned == null ? null : ServerSigningKeys.fingerprint(pinned);
    }

    /**
     * Pins {@code text} (Base64 of the key, as the server sends it) and answers its fingerprint.
     *
     * @param how where the key came from, for the log
     */
    String pin(String text, String how) throws IOException {
        PublicKey parsed = ServerSigningKeys.parsePublic(text);
        String fingerprint = ServerSigningKeys.fingerprint(parsed);
        if (key != null && !key.equals(parsed)) {
            LOG.warning("The server's signing key changed from " + fingerprint() + " to " + fingerprint + " (" + how
                    + "): calls are now obeyed only with the new one");
        }
        OwnerOnlyFile.write(file, (ServerSigningKeys.publicText(parsed) + "\n").getBytes(StandardCharsets.US_ASCII));
        key = parsed;
        LOG.info("Pinned the server's signing key SHA-256 " + fingerprint + " (" + how + "); compare it with the "
                + "one the server logs at start");
        return fingerprint;
    }

    Path file() {
        return file;
    }

    private static PublicKey read(Path file) throws IOException {
        try {
            return ServerSigningKeys.parsePublic(Files.readString(file, StandardCharsets.US_ASCII));
        } catch (InvalidMessageException damaged) {
            throw new IOException(file + " does not hold the server's signing key (" + damaged.getMessage()
                    + "); delete it and enroll the agent again", damaged);
        }
    }
}
