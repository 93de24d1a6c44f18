package com.burstline.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * How the agent's API is served: HTTPS with a given PKCS#12 keystore, HTTPS with a key of its own (generated on the
 * first start, kept beside the spool), or, with {@code --tls off}, plain HTTP for loopback and development. The
 * keystore's password comes from a file or the environment, never from the command line, where {@code ps} shows it.
 *
 * @param keystore null for the self-generated key
 * @param password the keystore's password; null with the self-generated key
 */
record TlsSettings(boolean enabled, Path keystore, String password) {
    static final String PASSWORD_ENVIRONMENT = "BURSTLINE_AGENT_TLS_KEYSTORE_PASSWORD";

    static TlsSettings from(Map<String, String> values, Map<String, String> environment) {
        String mode = values.getOrDefault("tls", "on");
        if (!mode.equals("on") && !mode.equals("off")) {
            throw new IllegalArgumentException("--tls must be on or off, not '" + mode + "'");
        }
        if (mode.equals("off")) {
            if (values.containsKey("tls-keystore")) {
                throw new IllegalArgumentException("--tls-keystore needs --tls on: with --tls off the API is plain "
                        + "HTTP");
            }
            return new TlsSettings(false, null, null);
        }
        if (!values.containsKey("tls-keystore")) {
            return new TlsSettings(true, null, null);
        }
        Path keystore = Path.of(values.get("tls-keystore"));
        if (!Files.isReadable(keystore)) {
            throw new IllegalArgumentException("--tls-keystore " + keystore + " cannot be read");
        }
        return new TlsSettings(true, keystore, password(values, environment));
    }

    private static String password(Map<String, String> values, Map<String, String> environment) {
        String file = values.get("tls-keystore-password-file");
        if (file == null) {
            String fromEnvironment = environment.get(PASSWORD_ENVIRONMENT);
            if (fromEnvironment == null) {
                throw new IllegalArgumentException("--tls-keystore needs its password: --tls-keystore-password-file "
                        + "FILE or " + PASSWORD_ENVIRONMENT);
            }
            return fromEnvironment;
        }
        try {
            // the first line: a file written by echo ends with a newline that is no part of the password
            return Files.readString(Path.of(file), StandardCharsets.UTF_8).lines().findFirst().orElse("");
        } catch (IOException e) {
            throw new IllegalArgumentException("--tls-keystore-password-file " + file + " cannot be read: "
                    + e.getMessage());
        }
    }

    String scheme() {
        return enabled ? "https" : "http";
    }

    @Override
    public String toString() {
        return "TlsSettings[enabled=" + enabled + ", keystore=" + keystore + "]"; // never the password
    }
}
