package com.burstline.contract;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The SHA-256 fingerprint of an agent's TLS certificate as both sides write it: 32 bytes as upper-case hex pairs
 * joined by ':', the form {@code keytool -list -v} and {@code openssl x509 -fingerprint -sha256} print, so that an
 * admin can compare it with either tool. The agent sends it at registration, the server pins it.
 */
public final class CertificateFingerprint {
    private static final Pattern FORM = Pattern.compile("([0-9A-F]{2}:){31}[0-9A-F]{2}");
    private static final HexFormat HEX = HexFormat.ofDelimiter(":").withUpperCase();

    private CertificateFingerprint() {
    }

    /** The fingerprint of a certificate's DER encoding ({@code X509Certificate.getEncoded()}). */
    public static String of(byte[] der) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(der));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * The fingerprint in its one form (upper case, with colons; lower case or bare hex is accepted), or an
     * {@link InvalidMessageException} whose message starts with {@code label}.
     */
    public static String check(String label, String fingerprint) {
        String upper = fingerprint == null ? "" : fingerprint.strip().toUpperCase(Locale.ROOT);
        if (upper.length() == 64 && upper.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            upper = HEX.formatHex(HexFormat.of().parseHex(upper));
        }
        if (!FORM.matcher(upper).matches()) {
            throw new InvalidMessageException(label + " must be a SHA-256 fingerprint: 32 hex pairs joined by ':', "
                    + "not " + (fingerprint == null ? "missing" : "'" + fingerprint + "'"));
        }
        return upper;
    }
}
